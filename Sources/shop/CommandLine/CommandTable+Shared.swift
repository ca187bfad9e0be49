/// Arguments and options that several commands share, declared once so they never describe a value
/// differently.
extension CommandTable {
    /// Options shared by `add` and `edit`, so the two never describe a field differently.
    static let quantityOption = OptionSpec.integer(
        "quantity", short: "q", value: "<n>", help: "How many to buy (1-9999).")

    static let locationOption = OptionSpec.string(
        "location", short: "l", value: "<location>", help: "Where in the shop it is found (a location name).")

    static let priceOption = OptionSpec.number(
        "price", value: "<price>", help: "The unit price, such as 2.49.")

    static let starOption = OptionSpec.flag("star", help: "Mark it as a favourite.")

    static let noteOption = OptionSpec.string("note", value: "<text>", help: "A note to keep with it.")

    static let everyOption: OptionSpec = {
        var option = OptionSpec.integer(
            "every", value: "<days>",
            help: "Put it back on the list every so many days, or 'auto' to learn the interval from its purchases "
                + "(see 'shop restock').")
        option.keywords = ["auto"]
        return option
    }()

    /// Several item names; `-` reads them from standard input.
    static func itemNames(_ help: String) -> ArgumentSpec {
        ArgumentSpec(name: "<name>", help: help + " ('-' reads them from standard input).", isRepeatable: true)
    }

    /// One item name.
    static let itemName = ArgumentSpec(name: "<name>", help: "The item (a name, a prefix or id:HEX).")

    /// One location name.
    static let locationName = ArgumentSpec(
        name: "<name>", help: "The location (a name, a prefix or id:HEX).")

    static let orderOption = OptionSpec.integer(
        "order", value: "<n>", help: "Visitation order, 1-100: lower ones are walked first.")

    static let colorOption = OptionSpec.string(
        "color", value: "<color>", help: "Its colour: #rrggbb, #rrggbbaa or a basic colour name.")

    /// The name of the hidden command the completion scripts call for names.
    static let completeCommandName = "__complete"

    /// `--since` and `--until`, shared by `history` and `spending`.
    static let dayRange: [OptionSpec] = [
        .string("since", value: "<YYYY-MM-DD>", help: "Only purchases on or after this day (local time)."),
        .string("until", value: "<YYYY-MM-DD>", help: "Only purchases on or before this day (local time)."),
    ]

    /// `spending --by` values.
    static let spendingGroupings = ["week", "month", "year", "store", "location", "item"]

    /// One store name.
    static let storeName = ArgumentSpec(name: "<store>", help: "The store (a name, a prefix or id:HEX).")

    /// The locations of a walking order.
    static let walkingOrder = ArgumentSpec(
        name: "<location>", help: "Its locations in the order you walk them (names, prefixes or id:HEX).",
        isRepeatable: true)
}
