/// Arguments that several commands share, declared once so they never describe a value differently.
extension CommandTable {
    /// Several item names; `-` reads them from standard input.
    static func itemNames(_ help: String) -> ArgumentSpec {
        ArgumentSpec(name: "<name>", help: help + " ('-' reads them from standard input).", isRepeatable: true)
    }

    static let itemName = ArgumentSpec(name: "<name>", help: "The item (a name, a prefix or id:HEX).")

    static let locationName = ArgumentSpec(
        name: "<name>", help: "The location (a name, a prefix or id:HEX).")

    /// The name of the hidden command the completion scripts call for names.
    static let completeCommandName = "__complete"

    static let storeName = ArgumentSpec(name: "<store>", help: "The store (a name, a prefix or id:HEX).")

    /// The locations of a walking order.
    static let walkingOrder = ArgumentSpec(
        name: "<location>", help: "Its locations in the order you walk them (names, prefixes or id:HEX).",
        isRepeatable: true)
}
