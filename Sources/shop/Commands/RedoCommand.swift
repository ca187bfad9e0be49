import ShopKit

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
