import ShopKit

/// The commands that locations and stores both have, built from what differs: `shop locations` and
/// `shop stores` list every record of the kind, and `show NAME` writes one.
enum NamedRecordCommand {
    /// `shop locations|stores [--json]`: `render` writes every record of the kind (JSON or text).
    /// - Parameter json: what `--json` prints, for its help ("the locations").
    static func listing(
        name: String, abstract: String, json: String,
        render: @escaping @Sendable (ShoppingList, CommandContext) -> String
    ) -> CommandSpec {
        CommandSpec(
            name: name, abstract: abstract, options: [CommonOptions.json(json).spec], data: .reads(log: false)
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

}
