import ShopKit

/// `shop location add|edit|remove|show`, and `shop locations`. The group does not run by itself.
enum LocationCommand {
    static let spec = CommandSpec(
        name: "location",
        abstract: "Add, change, remove or show a location.",
        subcommands: [add, edit, remove, show]
    )

    /// `shop locations [--json]`: all locations in visitation order with item counts.
    static let listing = NamedRecordCommand.listing(
        name: "locations", abstract: "List all locations in visitation order, with item counts.",
        json: "the locations"
    ) { list, context in
        context.wantsJSON ? JSONOutput.locations(in: list) : HumanOutput.locations(in: list, style: context.style)
    }

    /// `shop location add NAME [--order N] [--color C]`.
    static let add = CommandSpec(
        name: "add",
        abstract: "Add a location.",
        arguments: [ArgumentSpec(name: "<name>", help: "The new location's name.")],
        options: LocationOptions.specs,
        data: .writes(log: false)
    ) { (context: inout CommandContext) throws(CommandFailure) in
        let name = context.invocation.positionals[0]
        let (options, color) = try LocationOptions.read(&context)
        let location = try context.updateData { (list: inout ShoppingList) throws(ShopError) in
            try list.addLocation(named: name, order: options.order, color: color)
        }
        context.say("Added location \(Escape.forTerminal(location.name)) (order \(location.visitationOrder))")
    }

    /// `shop location edit NAME [--name NEW] [--order N] [--color C]`.
    static let edit = CommandSpec(
        name: "edit",
        abstract: "Change a location.",
        arguments: [CommandTable.locationName],
        options: [CommonOptions.name.spec] + LocationOptions.specs,
        data: .writes(log: false)
    ) { (context: inout CommandContext) throws(CommandFailure) in
        let reference = context.invocation.positionals[0]
        let newName = context.options[CommonOptions.name]
        let (options, color) = try LocationOptions.read(&context)
        let (before, after) = try context.updateData { (list: inout ShoppingList) throws(ShopError) in
            let id = try list.resolveLocation(reference)
            return (list.location(id)!, try list.editLocation(id, name: newName, order: options.order, color: color))
        }
        context.say(
            before == after
                ? "Location \(Escape.forTerminal(after.name)): nothing to change"
                : "Updated location \(Escape.forTerminal(after.name))")
    }

    /// `shop location remove NAME`: its items move to the Unknown Location.
    static let remove = CommandSpec(
        name: "remove",
        abstract: "Remove a location; its items move to the Unknown Location.",
        arguments: [CommandTable.locationName],
        data: .writes(log: false)
    ) { (context: inout CommandContext) throws(CommandFailure) in
        let reference = context.invocation.positionals[0]
        let (removed, moved, unknownName) = try context.updateData { (list: inout ShoppingList) throws(ShopError) in
            let result = try list.removeLocation(list.resolveLocation(reference))
            return (result.location, result.movedItems.count, list.unknownLocation.name)
        }
        let items = moved == 1 ? "1 item" : "\(moved) items"
        context.say(
            "Removed location \(Escape.forTerminal(removed.name))"
                + (moved > 0 ? "; \(items) moved to \(Escape.forTerminal(unknownName))" : ""))
    }

    /// `shop location show NAME [--json]`: a location and its items.
    static let show = NamedRecordCommand.show(
        abstract: "Show a location and its items.", argument: CommandTable.locationName,
        json: "the location and its items",
        find: { list, name throws(ShopError) in list.location(try list.resolveLocation(name))! }
    ) { location, list, context in
        context.wantsJSON
            ? JSONOutput.location(location, in: list)
            : HumanOutput.location(location, in: list, style: context.style, zone: .local)
    }
}

/// The options that set a location's fields, shared by `location add` and `location edit`.
struct LocationOptions: OptionGroup {
    var order: Int?
    var color: Result<RGBA, ShopError>?

    static var bindings: [OptionBinding<LocationOptions>] {
        [.init(CommonOptions.order, \.order), .init(CommonOptions.color, \.color)]
    }

    /// The options of `location add` or `edit`, and the colour they name. Without HOME the data file has no
    /// path: that error comes before a bad colour's, as it always has.
    static func read(_ context: inout CommandContext) throws(CommandFailure) -> (Self, RGBA?) {
        _ = try attempt { try context.dataFilePath() }
        let options = LocationOptions(context.invocation.options)
        return (options, try attempt { try options.color?.get() })
    }
}
