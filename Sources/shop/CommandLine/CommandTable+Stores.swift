// The commands that manage stores: named walking orders over the locations (SPEC section 7).
extension CommandTable {
    /// One store name.
    fileprivate static let storeName = ArgumentSpec(name: "<store>", help: "The store (a name, a prefix or id:HEX).")
    /// The locations of a walking order.
    fileprivate static let walkingOrder = ArgumentSpec(
        name: "<location>", help: "Its locations in the order you walk them (names, prefixes or id:HEX).",
        isRepeatable: true)

    /// `shop stores`.
    static let stores = CommandSpec(
        name: "stores",
        abstract: "List the stores by name, the current one marked.",
        options: [.json("the stores")]
    )

    /// `shop store`.
    static let store = CommandSpec(
        name: "store",
        abstract: "Add, reorder, rename, remove, show or choose a store.",
        discussion: """
            A store is a named walking order over your locations: at a store, 'shop list' walks its \
            locations in its order, then the Unknown Location, then the items at locations the store does \
            not have. The store in effect is --store, else $SHOP_STORE, else the current store \
            ('shop store use').
            """,
        subcommands: [storeAdd, storeOrder, storeEdit, storeRemove, storeShow, storeUse]
    )

    /// `shop store add`.
    static let storeAdd = CommandSpec(
        name: "add",
        abstract: "Add a store that walks the given locations in order.",
        arguments: [
            ArgumentSpec(name: "<name>", help: "The new store's name."),
            ArgumentSpec(
                name: "<location>", help: "Its locations in the order you walk them (names, prefixes or id:HEX).",
                isOptional: true, isRepeatable: true),
        ]
    )

    /// `shop store order`.
    static let storeOrder = CommandSpec(
        name: "order",
        abstract: "Replace a store's walking order.",
        arguments: [storeName, walkingOrder]
    )

    /// `shop store edit`.
    static let storeEdit = CommandSpec(
        name: "edit",
        abstract: "Rename a store.",
        arguments: [storeName],
        options: [.string("name", value: "<name>", help: "A new name.")]
    )

    /// `shop store remove`.
    static let storeRemove = CommandSpec(
        name: "remove",
        abstract: "Remove a store; items and locations are not touched.",
        arguments: [storeName]
    )

    /// `shop store show`.
    static let storeShow = CommandSpec(
        name: "show",
        abstract: "Show a store's walking order with the number of items on the list at each location.",
        arguments: [storeName],
        options: [.json("the store")]
    )

    /// `shop store use`.
    static let storeUse = CommandSpec(
        name: "use",
        abstract: "Make a store this device's current one, kept in the device file (--none: no store).",
        arguments: [ArgumentSpec(name: "<store>", help: "The store (a name, a prefix or id:HEX).")],
        options: [.flag("none", help: "Clear the current store.")],
        argumentsOptionalWith: "none"
    )
}
