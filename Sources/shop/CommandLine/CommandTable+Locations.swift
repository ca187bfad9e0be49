// The commands that act on locations (SPEC section 2).
extension CommandTable {
    /// One location name.
    fileprivate static let locationName = ArgumentSpec(
        name: "<name>", help: "The location (a name, a prefix or id:HEX).")
    fileprivate static let orderOption = OptionSpec.integer(
        "order", value: "<n>", help: "Visitation order, 1-100: lower ones are walked first.")
    fileprivate static let colorOption = OptionSpec.string(
        "color", value: "<color>", help: "Its colour: #rrggbb, #rrggbbaa or a basic colour name.")

    /// `shop locations`.
    static let locations = CommandSpec(
        name: "locations",
        abstract: "List all locations in visitation order, with item counts.",
        options: [.json("the locations")]
    )

    /// `shop location`.
    static let location = CommandSpec(
        name: "location",
        abstract: "Add, change, remove or show a location.",
        subcommands: [locationAdd, locationEdit, locationRemove, locationShow]
    )

    /// `shop location add`.
    static let locationAdd = CommandSpec(
        name: "add",
        abstract: "Add a location.",
        arguments: [ArgumentSpec(name: "<name>", help: "The new location's name.")],
        options: [orderOption, colorOption]
    )

    /// `shop location edit`.
    static let locationEdit = CommandSpec(
        name: "edit",
        abstract: "Change a location.",
        arguments: [locationName],
        options: [.string("name", value: "<name>", help: "A new name."), orderOption, colorOption]
    )

    /// `shop location remove`.
    static let locationRemove = CommandSpec(
        name: "remove",
        abstract: "Remove a location; its items move to the Unknown Location.",
        arguments: [locationName]
    )

    /// `shop location show`.
    static let locationShow = CommandSpec(
        name: "show",
        abstract: "Show a location and its items.",
        arguments: [locationName],
        options: [.json("the location and its items")]
    )
}
