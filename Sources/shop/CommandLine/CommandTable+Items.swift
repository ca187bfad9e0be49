// The commands that act on items (SPEC section 2).
extension CommandTable {
    /// Options shared by `add` and `edit`, so the two never describe a field differently.
    fileprivate static let quantityOption = OptionSpec.integer(
        "quantity", short: "q", value: "<n>", help: "How many to buy (1-9999).")
    /// `-q` of `add` and `edit`: an amount with an optional unit (SPEC section 11.1).
    fileprivate static let amountOption = OptionSpec.string(
        "quantity", short: "q", value: "<amount>",
        help: "How much to buy: a count (2, 1/2) or an amount with a unit (500g, '1.5 kg', '3 cans'). "
            + "See 'Amounts' in the manual.")
    fileprivate static let pantryOption = OptionSpec.flag(
        "pantry", help: "A pantry staple (salt, oil): recipes never put it on the list.")
    fileprivate static let locationOption = OptionSpec.string(
        "location", short: "l", value: "<location>", help: "Where in the shop it is found (a location name).")
    fileprivate static let priceOption = OptionSpec.number(
        "price", value: "<price>", help: "The unit price, such as 2.49.")
    fileprivate static let starOption = OptionSpec.flag("star", help: "Mark it as a favourite.")
    fileprivate static let noteOption = OptionSpec.string("note", value: "<text>", help: "A note to keep with it.")
    fileprivate static let everyOption: OptionSpec = {
        var option = OptionSpec.integer(
            "every", value: "<days>",
            help: "Put it back on the list every so many days, or 'auto' to learn the interval from its purchases "
                + "(see 'shop restock').")
        option.keywords = ["auto"]
        return option
    }()

    /// Several item names; `-` reads them from standard input.
    fileprivate static func itemNames(_ help: String) -> ArgumentSpec {
        ArgumentSpec(name: "<name>", help: help + " ('-' reads them from standard input).", isRepeatable: true)
    }

    /// One item name.
    fileprivate static let itemName = ArgumentSpec(name: "<name>", help: "The item (a name, a prefix or id:HEX).")

    /// `shop add`.
    static let add = CommandSpec(
        name: "add",
        abstract: "Add items to the list, or put existing ones back on it.",
        discussion: """
            Each name is one item; quote names with spaces. A name matching an existing item \
            (ignoring case) puts that item back on the list; any other name creates a new item. \
            The options apply to every name given: 'shop add tea coffee -q 2' puts two of each on the list.
            """,
        arguments: [itemNames("The items to add")],
        options: [
            amountOption, locationOption, priceOption, starOption, noteOption, everyOption, pantryOption,
            .json("the affected items"),
        ]
    )

    /// `shop buy`.
    static let buy = CommandSpec(
        name: "buy",
        abstract: "Buy items: take them off the list and log the purchase.",
        discussion: """
            Each item bought is logged with its quantity, its price and the store in effect (--store, \
            $SHOP_STORE, else the current store); see 'shop history'. With --date, a receipt entered later: \
            items already off the list are logged too. A bought item is available again. With --json, items \
            that were already bought are left out of the affected items; standard error names them.
            """,
        arguments: [itemNames("The items to buy")],
        options: [
            .flag("all", help: "Buy every available item on the list."),
            .number("price", value: "<price>", help: "The unit price paid (also becomes the item's price)."),
            quantityOption,
            .string("date", value: "<YYYY-MM-DD>", help: "The day it was bought (default: now), for receipts entered later."),
            .json("the affected items"),
        ],
        argumentsOptionalWith: "all"
    )

    /// `shop unbuy`.
    static let unbuy = CommandSpec(
        name: "unbuy",
        abstract: "Put purchased items back on the list, deleting their latest purchase.",
        discussion: """
            For a purchase made by mistake: the latest logged purchase of each item is deleted and its date \
            goes back to the one before. To put an item back on the list and keep its history, use 'shop add'.
            """,
        arguments: [itemNames("The items to put back")],
        options: [.json("the affected items")]
    )

    /// `shop drop`.
    static let drop = CommandSpec(
        name: "drop",
        abstract: "Take items off the list without buying them (no purchase logged).",
        arguments: [itemNames("The items to take off the list")],
        options: [.json("the affected items")]
    )

    /// `shop list`.
    static let list = CommandSpec(
        name: "list",
        abstract: "Show the shopping list in walking order.",
        discussion: """
            Priced items show their line total (quantity x price), and the list ends with the total. At a \
            store, the total is of the items at the store, and the items elsewhere get a line of their own. \
            Text and Markdown also show each item's note.
            """,
        options: [
            .flag("by-location", help: "One section per location that has items on the list."),
            .string("location", value: "<location>", help: "Only the items at this location."),
            .json("the list"),
            .choice(
                "format", value: "<format>", ["text", "markdown", "csv"],
                help: "Plain text for e-mail or print, a Markdown checklist, or CSV."),
        ]
    )

    /// `shop purchased`.
    static let purchased = CommandSpec(
        name: "purchased",
        abstract: "Show the purchase history (the items off the list).",
        arguments: [
            ArgumentSpec(
                name: "<search>", help: "Only items whose name contains this text (ignoring case).",
                isOptional: true)
        ],
        options: [
            .integer(
                "recent", value: "<days>",
                help: "Split into items bought in the last so many days (0 = today) and earlier ones."),
            .json("the history"),
        ]
    )

    /// `shop show`.
    static let show = CommandSpec(
        name: "show",
        abstract: "Show one item in full.",
        arguments: [itemName],
        options: [.json("the item")]
    )

    /// `shop edit`.
    static let edit = CommandSpec(
        name: "edit",
        abstract: "Change an item.",
        arguments: [itemName],
        options: [
            .string("name", value: "<name>", help: "A new name."),
            amountOption, locationOption,
            priceOption, .flag("no-price", help: "Remove the price."),
            starOption, .flag("unstar", help: "No longer a favourite."),
            noteOption, .flag("no-note", help: "Remove the note."),
            everyOption, .flag("no-every", help: "Stop restocking it automatically."),
            pantryOption, .flag("no-pantry", help: "No longer a pantry staple."),
            .json("the changed item"),
        ]
    )

    /// `shop remove`.
    static let remove = CommandSpec(
        name: "remove",
        abstract: "Delete items for good ('shop undo' brings them back); their purchases stay in the history.",
        arguments: [itemNames("The items to delete")]
    )

    /// `shop available`.
    static let available = CommandSpec(
        name: "available",
        abstract: "Mark items available again.",
        arguments: [itemNames("The items to mark available")],
        options: [
            .flag("all", help: "Mark every item available."),
            .json("the affected items"),
        ],
        argumentsOptionalWith: "all"
    )

    /// `shop unavailable`.
    static let unavailable = CommandSpec(
        name: "unavailable",
        abstract: "Mark items unavailable: they stay on the list, struck through.",
        discussion: """
            'buy --all' leaves them on the list and names them. Buying an item, or putting it back on the \
            list once bought, makes it available again.
            """,
        arguments: [itemNames("The items to mark unavailable")],
        options: [.json("the affected items")]
    )
}
