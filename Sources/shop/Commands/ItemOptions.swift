import ShopKit

/// The options that set an item's fields, shared by `add` and `edit` (declared once here); `edit` also takes the
/// clearing flags, each listed right after the option it undoes. ``changes(in:)`` turns them into ShopKit's
/// ``ItemChanges``. A new item option is declared here: its property, its key (beside the clearing flags below, or in
/// ``CommonOptions`` when other commands share it), its binding, and the line of ``changes(in:)`` that sets the change;
/// a flag that clears it is bound `clearing:` it, which keeps it out of `add` and refuses it beside the setting.
struct ItemOptions: OptionGroup {
    var quantity: Result<Amount, ShopError>?
    var location: String?
    var price: Result<TypedPrice, ShopError>?
    var noPrice = false
    var star = false
    var unstar = false
    var note: Result<String?, ShopError>?
    var noNote = false
    var every: RestockInterval?
    var noEvery = false
    var pantry = false
    var noPantry = false
    var pack: Result<Amount, ShopError>?
    var noPack = false
    var stock = false
    var noStock = false
    var keeps: Int?
    var noKeeps = false
    var keepsOpen: Int?
    var noKeepsOpen = false
    var minStock: Result<Amount, ShopError>?
    var noMinStock = false

    static let noPrice = OptionKey<Bool>.flag("no-price", help: "Remove the price.")
    static let unstar = OptionKey<Bool>.flag("unstar", help: "No longer a favourite.")
    static let noNote = OptionKey<Bool>.flag("no-note", help: "Remove the note.")
    static let noEvery = OptionKey<Bool>.flag("no-every", help: "Stop restocking it automatically.")
    static let noPantry = OptionKey<Bool>.flag("no-pantry", help: "No longer a pantry staple.")
    static let noPack = OptionKey<Bool>.flag("no-pack", help: "No longer bought in packs.")

    /// `edit`'s options: every setting, each followed by the flag that clears it (bound `clearing:` it).
    static var bindings: [OptionBinding<ItemOptions>] {
        [
            .init(CommonOptions.quantity, \.quantity), .init(CommonOptions.location, \.location),
            .init(CommonOptions.price, \.price), .init(noPrice, \.noPrice, clearing: CommonOptions.price.spec),
            .init(CommonOptions.star, \.star), .init(unstar, \.unstar, clearing: CommonOptions.star.spec),
            .init(CommonOptions.note, \.note), .init(noNote, \.noNote, clearing: CommonOptions.note.spec),
            .init(CommonOptions.every, \.every), .init(noEvery, \.noEvery, clearing: CommonOptions.every.spec),
            .init(CommonOptions.pantry, \.pantry), .init(noPantry, \.noPantry, clearing: CommonOptions.pantry.spec),
            .init(CommonOptions.pack, \.pack), .init(noPack, \.noPack, clearing: CommonOptions.pack.spec),
            .init(StockOptions.stock, \.stock),
            .init(StockOptions.noStock, \.noStock, clearing: StockOptions.stock.spec),
            .init(StockOptions.keeps, \.keeps),
            .init(StockOptions.noKeeps, \.noKeeps, clearing: StockOptions.keeps.spec),
            .init(StockOptions.keepsOpen, \.keepsOpen),
            .init(StockOptions.noKeepsOpen, \.noKeepsOpen, clearing: StockOptions.keepsOpen.spec),
            .init(StockOptions.minStock, \.minStock),
            .init(StockOptions.noMinStock, \.noMinStock, clearing: StockOptions.minStock.spec),
        ]
    }

    /// The clearing flags, which `add` does not take (a new item has nothing to clear).
    static var clearingFlags: [String] { bindings.filter { $0.clears != nil }.map(\.spec.long) }

    /// `add`'s options: the settings alone, in `edit`'s order.
    static var settingSpecs: [OptionSpec] { bindings.filter { $0.clears == nil }.map(\.spec) }

    /// Each setting given together with the flag that clears it (`--price 2 --no-price`), in `edit`'s order.
    static func conflicts(in values: OptionValues) -> [(setting: OptionSpec, clearing: OptionSpec)] {
        bindings.compactMap { binding in
            guard let setting = binding.clears, values.isGiven(binding.spec.long), values.isGiven(setting.long)
            else { return nil }
            return (setting, binding.spec)
        }
    }
}

/// Turning the options into validated ``ItemChanges``, resolving `--location` against the list. Values the
/// parser let through (`-q 0`, `--price -1`) are refused here with exit 1.
extension ItemOptions {
    /// `--price 2 --no-price` contradicts itself: a usage error, since no reading makes sense of it.
    /// (`add` has none of the clearing options, so for it there is nothing to refuse.)
    static func refuseConflicts(of context: CommandContext) throws(CommandFailure) {
        guard let conflict = conflicts(in: context.options).first else { return }
        throw context.usageError(
            "'\(conflict.setting.longFlag)' and '\(conflict.clearing.longFlag)' cannot be used together")
    }

    /// The validated changes; runs under the lock so `--location` resolves against the current data.
    func changes(in list: ShoppingList) throws(ShopError) -> ItemChanges {
        var changes = ItemChanges()
        if let amount = try quantity?.get() { changes.quantity = amount }
        if let location { changes.locationID = try list.resolveLocation(location) }
        if let typed = try price?.get() {
            changes.price = .set(try typed.cents())
            changes.priceUnit = typed.unit
        }
        if let pack = try Self.amount(pack) {
            guard pack.parts.count == 1 else { throw .invalidAmount(pack.description, problem: .notANumber) }
            changes.pack = .set(pack.parts[0])
        }
        if noPack { changes.pack = .clear }
        switch every {
        case .learned: changes.restock = .set(.learned)
        case .days(let days): changes.restock = .set(.days(try Validation.every(days)))
        case nil: break
        }
        if let note {
            // A blank note clears it.
            changes.note = try note.get().map { .set($0) } ?? .clear
        }
        if star { changes.starred = true }
        if unstar { changes.starred = false }
        if noPrice { changes.price = .clear }
        if noNote { changes.note = .clear }
        if noEvery { changes.restock = .clear }
        if pantry { changes.pantry = true }
        if noPantry { changes.pantry = false }
        try stockChanges(&changes)
        return changes
    }

    /// The amount of `--pack` or `--min-stock`. The amount decoder is `-q`'s too, so a whole number out of range
    /// comes back as "quantity N"; a pack size or a minimum is no quantity of the item, so it is said as an amount.
    static func amount(_ given: Result<Amount, ShopError>?) throws(ShopError) -> Amount? {
        do throws(ShopError) {
            return try given?.get()
        } catch .invalidQuantity(let value) {
            throw .invalidAmount(String(value), problem: value < 1 ? .zero : .tooLarge)
        }
    }
}
