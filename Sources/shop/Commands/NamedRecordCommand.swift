import ShopKit

/// The commands that locations, stores and lists share, built from what differs: `shop locations`, `shop stores` and
/// `shop lists` list every record of the kind, `show NAME` writes one, and stores and lists are renamed alike.
enum NamedRecordCommand {
    /// `shop locations|stores|lists [--json]`: `render` writes every record of the kind (JSON or text).
    /// - Parameters:
    ///   - json: what `--json` prints, for its help ("the locations").
    ///   - subcommands: the group's commands, when the listing is the group run without one (`shop lists`).
    static func listing(
        name: String, abstract: String, discussion: String? = nil, json: String, subcommands: [CommandSpec] = [],
        render: @escaping @Sendable (ShoppingList, CommandContext) -> String
    ) -> CommandSpec {
        CommandSpec(
            name: name, abstract: abstract, discussion: discussion, options: [CommonOptions.json(json).spec],
            subcommands: subcommands, runsWithoutSubcommand: !subcommands.isEmpty, data: .reads(log: false)
        ) { (context: inout CommandContext) throws(CommandFailure) in
            let list = try context.readData()
            context.output += render(list, context)
        }
    }

    /// `shop location|store show NAME [--json]`: `render` writes the record `find` resolves the name to.
    static func show<Record>(
        abstract: String, argument: ArgumentSpec, json: String,
        find: @escaping @Sendable (ShoppingList, String) throws(ShopError) -> Record,
        render: @escaping @Sendable (Record, ShoppingList, CommandContext) -> String
    ) -> CommandSpec {
        CommandSpec(
            name: "show", abstract: abstract, arguments: [argument], options: [CommonOptions.json(json).spec],
            data: .reads(log: false)
        ) { (context: inout CommandContext) throws(CommandFailure) in
            let reference = context.invocation.positionals[0]
            let list = try context.readData()
            let record = try attempt { try find(list, reference) }
            context.output += render(record, list, context)
        }
    }

    /// `shop store edit NAME --name NEW`, `shop lists rename LIST NEW`: renames the record `reference` names and says
    /// so ("Renamed store 'A' to 'B'"), or that nothing changed ("Store 'A': nothing to change").
    static func rename<Record: UniquelyNamedRecord>(
        _: Record.Type, _ reference: String, to newName: String, _ context: inout CommandContext
    ) throws(CommandFailure) {
        let (before, after) = try context.updateData {
            (list: inout ShoppingList) throws(ShopError) -> (Record, Record) in
            let id = try Record.resolve(reference, in: list)
            let before: Record = list.record(id)!
            let after: Record = try list.rename(id, to: newName)
            return (before, after)
        }
        let kind = Record.kind.rawValue
        context.say(
            before == after
                ? "\(kind.prefix(1).uppercased() + kind.dropFirst()) \(Escape.forTerminal(after.name)): nothing to change"
                : "Renamed \(kind) \(Escape.forTerminal(before.name)) to \(Escape.forTerminal(after.name))")
    }
}
