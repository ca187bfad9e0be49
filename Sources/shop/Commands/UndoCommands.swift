import ShopKit

/// `shop undo` / `shop redo`: step back or forward through the last 20 changes.
enum UndoCommand {
    static func runUndo(_ context: inout CommandContext) throws(CommandFailure) {
        try run(&context, undoing: true)
    }

    static func runRedo(_ context: inout CommandContext) throws(CommandFailure) {
        try run(&context, undoing: false)
    }

    private static func run(_ context: inout CommandContext, undoing: Bool) throws(CommandFailure) {
        let store = try attempt { try context.store() }
        let description = try attempt { undoing ? try store.undo() : try store.redo() }
        if context.wantsJSON {
            var writer = JSONWriter(pretty: true)
            writer.beginObject()
            writer.key(undoing ? "undid" : "redid")
            writer.string(description)
            writer.endObject()
            context.print(writer.text)
        }
        context.say((undoing ? "Undid: " : "Redid: ") + description)
    }
}
