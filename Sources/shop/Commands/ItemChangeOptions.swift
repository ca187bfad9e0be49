import ShopKit

/// Turns the item options of `add` and `edit` into validated ``ItemChanges``, resolving `--location`
/// against the list. Values the parser let through (`-q 0`, `--price -1`) are refused here with exit 1.
enum ItemChangeOptions {
    /// The options that set a field, each with the one that clears it.
    private static let pairs = [
        ("price", "no-price"), ("star", "unstar"), ("note", "no-note"), ("every", "no-every"), ("pantry", "no-pantry"),
    ]

    /// `--price 2 --no-price` contradicts itself: a usage error, since no reading makes sense of it.
    static func refuseConflicts(_ invocation: Invocation) throws(CommandFailure) {
        // A word where an amount is required is a usage error (section 4), as it was for a count.
        if let quantity = invocation.string("quantity"), ExactNumber(parsing: quantity.prefix { !$0.isLetter }) == nil,
            !quantity.contains(where: \.isNumber)
        {
            throw .usage(
                UsageError(
                    message: "Invalid value \(Quoted.value(quantity)) for '--quantity <amount>': not a number",
                    commandPath: invocation.commandPath))
        }

        for (setting, clearing) in pairs where declared(clearing, invocation) {
            if invocation.flag(setting) && invocation.flag(clearing) {
                throw .usage(UsageError(message: "'--\(setting)' and '--\(clearing)' cannot be used together",
                                        commandPath: invocation.commandPath))
            }
        }
    }

    /// The validated changes; runs under the lock so `--location` resolves against the current data.
    static func changes(from invocation: Invocation, in list: ShoppingList) throws(ShopError) -> ItemChanges {
        var changes = ItemChanges()
        if let quantity = invocation.string("quantity") { changes.quantity = try Validation.amount(quantity) }
        if let location = invocation.string("location") { changes.locationID = try list.resolveLocation(location) }
        if let price = invocation.string("price") { changes.price = .set(try Validation.price(price)) }
        if let every = invocation.string("every") {
            if every == "auto" {
                changes.learnsEvery = true
            } else if let days = invocation.int("every") {
                changes.every = .set(try Validation.every(days))
            }
        }
        if let note = invocation.string("note") { changes.note = try Validation.note(note).map { .set($0) } ?? .clear }
        if invocation.flag("star") { changes.starred = true }
        if declared("unstar", invocation), invocation.flag("unstar") { changes.starred = false }
        if declared("no-price", invocation), invocation.flag("no-price") { changes.price = .clear }
        if declared("no-note", invocation), invocation.flag("no-note") { changes.note = .clear }
        if declared("no-every", invocation), invocation.flag("no-every") { changes.every = .clear }
        if invocation.flag("pantry") { changes.pantry = true }
        if declared("no-pantry", invocation), invocation.flag("no-pantry") { changes.pantry = false }
        return changes
    }

    /// `add` has no `--no-...` options; only ask for those the command declares.
    private static func declared(_ long: String, _ invocation: Invocation) -> Bool {
        CommandTable.command(at: invocation.commandPath)?.option(long: long) != nil
    }
}
