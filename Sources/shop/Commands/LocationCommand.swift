import ShopKit

/// `shop location add|edit|remove|show`: groups the location subcommands; it does not run by itself.
enum LocationCommand {
    static let spec = CommandSpec(
        name: "location",
        abstract: "Add, change, remove or show a location.",
        subcommands: [
            LocationAddCommand.spec, LocationEditCommand.spec, LocationRemoveCommand.spec, LocationShowCommand.spec,
        ]
    )
}
