import ShopKit

/// `shop add NAME... [options]`: creates items on the list, or puts existing ones back on it.
enum AddCommand {
    static func run(_ context: inout CommandContext) throws(CommandFailure) {
        let invocation = context.invocation
        try ItemChangeOptions.refuseConflicts(invocation)
        let names = try context.requireNames()
        let store = try attempt { try context.store() }
        let (outcomes, list) = try attempt {
            try store.update { (list: inout ShoppingList) throws(ShopError) in
                let changes = try ItemChangeOptions.changes(from: invocation, in: list)
                return (try list.add(names, applying: changes), list)
            }
        }
        ChangeReport.report(
            outcomes, in: list, changed: "Back on the list:", created: "Added", unchanged: "already on the list",
            context: &context)
    }
}
