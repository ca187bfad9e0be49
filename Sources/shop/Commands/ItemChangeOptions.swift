import ShopKit

/// Turns the ``ItemOptions`` of `add` and `edit` into validated ``ItemChanges``, resolving `--location`
/// against the list. Values the parser let through (`-q 0`, `--price -1`) are refused here with exit 1.
enum ItemChangeOptions {
    /// `--price 2 --no-price` contradicts itself: a usage error, since no reading makes sense of it.
    /// (`add` has none of the clearing options, so for it there is nothing to refuse.)
    static func refuseConflicts(_ options: ItemOptions, command: [String]) throws(CommandFailure) {
        guard let conflict = options.conflicts.first(where: \.given) else { return }
        throw .usage(
            UsageError(
                message: "'\(conflict.setting.longFlag)' and '\(conflict.clearing.longFlag)' cannot be used together",
                commandPath: command))
    }

    /// The validated changes; runs under the lock so `--location` resolves against the current data.
    static func changes(from options: ItemOptions, in list: ShoppingList) throws(ShopError) -> ItemChanges {
        var changes = ItemChanges()
        if let amount = try options.quantity?.get() { changes.quantity = amount }
        if let location = options.location { changes.locationID = try list.resolveLocation(location) }
        if let typed = try options.price?.get() {
            changes.price = .set(typed.price)
            changes.priceUnit = typed.unit
        }
        // The amount decoder is `-q`'s too, so a whole number out of range comes back as "quantity N";
        // a pack size is no quantity of the item, so it is said as an amount.
        let packSize: Amount?
        do throws(ShopError) {
            packSize = try options.pack?.get()
        } catch .invalidQuantity(let value) {
            throw .invalidAmount(String(value), problem: value < 1 ? .zero : .tooLarge)
        }
        if let pack = packSize {
            guard pack.parts.count == 1 else { throw .invalidAmount(pack.description, problem: .notANumber) }
            changes.pack = .set(pack.parts[0])
        }
        if options.noPack { changes.pack = .clear }
        switch options.every {
        case .auto: changes.learnsEvery = true
        case .days(let days): changes.every = .set(try Validation.every(days))
        case nil: break
        }
        if let note = options.note {
            // A blank note clears it.
            changes.note = try note.get().map { .set($0) } ?? .clear
        }
        if options.star { changes.starred = true }
        if options.unstar { changes.starred = false }
        if options.noPrice { changes.price = .clear }
        if options.noNote { changes.note = .clear }
        if options.noEvery { changes.every = .clear }
        if options.pantry { changes.pantry = true }
        if options.noPantry { changes.pantry = false }
        return changes
    }
}
