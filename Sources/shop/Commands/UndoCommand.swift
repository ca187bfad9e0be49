import ShopKit

/// `shop undo [--list]`: steps back through the last 20 changes, or lists them.
enum UndoCommand {
    static let spec = CommandSpec(
        name: "undo",
        abstract: "Revert the last data-changing command.",
        discussion: """
            Each step is named by the command as it was given, with its options (edit eggs --note brown). \
            --list shows the steps undo would take back, newest first, and changes nothing.
            """,
        options: [list.spec, CommonOptions.json("the result (with --list: the steps)").spec],
        data: .wholeFile,
        run: run
    )

    static let list = OptionKey<Bool>.flag(
        "list", help: "Show the steps undo would take back, newest first, without undoing any.")

    static func run(_ context: inout CommandContext) throws(CommandFailure) {
        guard context.options[Self.list] else { return try step(&context, undoing: true) }
        try showSteps(&context)
    }

    /// `shop undo --list`: the steps undo would take back, newest first, numbered (the number is how many
    /// `shop undo`s reach back to that step); with `--json`, `[{"description": ...}, ...]`.
    private static func showSteps(_ context: inout CommandContext) throws(CommandFailure) {
        let store = try context.wholeDataFile()
        let steps = try attempt { try store.undoSteps() }
        if context.wantsJSON {
            var writer = JSONOutput.makeWriter(count: steps.count)
            writer.beginArray()
            for step in steps {
                writer.beginObject()
                writer.key("description")
                writer.string(step)
                writer.endObject()
            }
            writer.endArray()
            context.output += JSONOutput.finish(&writer)
        } else {
            let width = String(steps.count).count
            for (index, step) in steps.enumerated() {
                let number = String(index + 1)
                let line = String(repeating: " ", count: width - number.count) + number + "  " + step
                context.print(context.style.width.map { CellText.clip(line, to: $0) } ?? line)
            }
        }
        if steps.isEmpty { context.say("Nothing to undo.") }
    }

    /// Undoes or redoes one step, printing `{"undid": ...}` with `--json`; `redo` shares it.
    static func step(_ context: inout CommandContext, undoing: Bool) throws(CommandFailure) {
        let store = try context.wholeDataFile()
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

/// `shop redo`: re-applies the last step undone.
enum RedoCommand {
    static let spec = CommandSpec(
        name: "redo",
        abstract: "Re-apply the last undone command.",
        options: [CommonOptions.json("the result").spec],
        data: .wholeFile,
        run: run
    )

    static func run(_ context: inout CommandContext) throws(CommandFailure) {
        try UndoCommand.step(&context, undoing: false)
    }
}
