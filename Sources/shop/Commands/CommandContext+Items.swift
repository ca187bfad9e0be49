import ShopKit

extension CommandContext {
    /// The NAME arguments (or standard input's names, for `-`); at least one is required.
    func requireNames() throws(CommandFailure) -> [String] {
        let names = names()
        guard !names.isEmpty else {
            if invocation.positionals == ["-"] {
                throw .report(ErrorReport(message: "standard input held no names", hint: "give one name a line; blank lines and # comments are skipped"))
            }
            throw .usage(UsageError(message: "Missing expected argument '<name>'", commandPath: invocation.commandPath))
        }
        return names
    }

    /// Whether `--all` was given; giving names with it too is a usage error.
    func namesOrAll() throws(CommandFailure) -> Bool {
        guard invocation.flag("all") else { return false }
        guard invocation.positionals.isEmpty else {
            throw .usage(UsageError(message: "'--all' cannot be combined with names", commandPath: invocation.commandPath))
        }
        return true
    }

    /// Runs an item change under the store's lock and returns its outcomes with the list after it.
    func updateItems(_ change: (inout ShoppingList) throws(ShopError) -> [ItemOutcome]) throws(CommandFailure)
        -> ([ItemOutcome], ShoppingList)
    {
        let store = try attempt { try self.store() }
        return try attempt {
            try store.update { (list: inout ShoppingList) throws(ShopError) in (try change(&list), list) }
        }
    }
}
