/// The implementation of each command path of ``CommandTable``. A test checks that every runnable path
/// of the table has one, so help never advertises a command that cannot run.
enum CommandRegistry {
    typealias Run = @Sendable (inout CommandContext) throws(CommandFailure) -> Void

    static let commands: [String: Run] = [
        "add": AddCommand.run,
        "buy": BuyCommand.run,
        "unbuy": UnbuyCommand.run,
        "drop": DropCommand.run,
        "history": HistoryCommand.run,
        "spending": SpendingCommand.run,
        "list": ListCommand.run,
        "purchased": PurchasedCommand.run,
        "show": ShowCommand.run,
        "edit": EditCommand.run,
        "remove": RemoveCommand.run,
        "available": AvailabilityCommand.runAvailable,
        "unavailable": AvailabilityCommand.runUnavailable,
        "locations": LocationsCommand.run,
        "location add": LocationAddCommand.run,
        "location edit": LocationEditCommand.run,
        "location remove": LocationRemoveCommand.run,
        "location show": LocationShowCommand.run,
        "stores": StoresCommand.run,
        "store add": StoreAddCommand.run,
        "store order": StoreOrderCommand.run,
        "store edit": StoreEditCommand.run,
        "store remove": StoreRemoveCommand.run,
        "store show": StoreShowCommand.run,
        "store use": StoreUseCommand.run,
        "recipe add": RecipeAddCommand.run,
        "recipe remove": RecipeRemoveCommand.run,
        "recipes": RecipesCommand.run,
        "plan": PlanCommand.run,
        "restock": RestockCommand.run,
        "timer": TimerCommand.run,
        "sample": SampleCommand.run,
        "demo": DemoCommand.run,
        "undo": UndoCommand.runUndo,
        "redo": UndoCommand.runRedo,
        "sync": SyncCommand.run,
        "sync init": SyncInitCommand.run,
        "merge-file": MergeFileCommand.run,
        "import": ImportCommand.run,
        "export": ExportCommand.run,
        "completions": CompletionsCommand.run,
        "man": ManCommand.run,
        CommandTable.completeCommandName: CompleteCommand.run,
    ]

    /// The implementation for a command path, if there is one.
    static func command(for path: [String]) -> Run? {
        commands[path.joined(separator: " ")]
    }
}
