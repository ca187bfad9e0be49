/// One thing a person buys: on the list, or in the purchased history.
///
/// Values are plain data; the rules of the list (unique names, valid quantities, existing locations)
/// are enforced by ``ShoppingList``, the only way items change.
public struct Item: Identifiable, Hashable, Sendable {
    /// The item's identifier type.
    public typealias ID = Identifier<Item>

    /// Never changes once the item is on a list; a copy under a new id is a new record (an import).
    public package(set) var id: ID
    /// The trimmed, validated name; unique among items, case-insensitively.
    public var name: String
    /// How much the person wants (`-q`): a whole count from 1 to ``Amount/limit``, or an amount with units (SPEC
    /// section 11.1), or ``Amount/none``. What recipes need comes on top (``recipeNeed``); ``amount`` is what to buy.
    public var quantity: Amount
    /// `true` while the item is on the shopping list; `false` once bought (in the history).
    public var onList: Bool
    /// `false` when the store is out of it: it stays on the list, struck through, and `buy --all` skips it.
    public var isAvailable: Bool
    /// When it was last bought, in whole seconds; `nil` if never.
    public var dateLastPurchased: Date?
    /// The location it is found at.
    public var locationID: Location.ID
    /// The list it is on while ``onList`` (SPEC section 22), and its home list once off every list: `restock` and
    /// `unbuy` put it back there.
    public var listID: NamedList.ID = NamedList.groceriesID
    /// The price, if known, per ``priceUnit``.
    public var price: Price?
    /// What section 12 added (``priceUnit``, ``pack``, ``storePrices``, ``unavailableAt``), kept out of line so that an
    /// item stays small: most items leave all four at their defaults (`nil` here).
    private var receipts: ReceiptFieldsBox?
    /// What section 18 added (``stock``, ``keeps``, ``keepsOpen``, ``minStock``), out of line as ``receipts``.
    var stocking: StockFieldsBox?
    /// A favourite.
    public var starred: Bool
    /// Free text.
    public var note: String?
    /// How often it comes back on the list (`--every`), if it is a staple.
    public var restock: RestockInterval?
    /// On the list only because recipes need it: the person's own ``quantity`` is not part of what to buy,
    /// and the item leaves the list once no recipe needs it any more (SPEC section 11.2).
    public var recipesOnly: Bool
    /// A pantry staple (salt, oil): recipes never put it on the list (`--pantry`).
    public var pantry: Bool
    /// What the recipes on the list still need of it, summed; kept by ``ShoppingList`` from its recipe
    /// needs, never stored in the data file.
    public package(set) var recipeNeed: Amount = .none
    /// When `shop` last changed each field (set on save, see ``ShoppingList/stampChanges(since:at:)``);
    /// empty in files written before stamps existed. The git merge uses it to pick the later edit of a field.
    public var modifiedAt: FieldStamps

    /// Creates an item value; no rule is checked here (``ShoppingList`` checks them).
    public init(
        id: ID = .random(), name: String, quantity: Amount = 1, onList: Bool = true, isAvailable: Bool = true,
        dateLastPurchased: Date? = nil, locationID: Location.ID, price: Price? = nil, starred: Bool = false,
        note: String? = nil, restock: RestockInterval? = nil, modifiedAt: FieldStamps = FieldStamps(),
        recipesOnly: Bool = false, pantry: Bool = false
    ) {
        self.recipesOnly = recipesOnly
        self.pantry = pantry
        self.restock = restock
        self.id = id
        self.name = name
        self.quantity = quantity
        self.onList = onList
        self.isAvailable = isAvailable
        self.dateLastPurchased = dateLastPurchased
        self.locationID = locationID
        self.price = price
        self.starred = starred
        self.note = note
        self.modifiedAt = modifiedAt
    }

    /// What to buy: the person's ``quantity`` (unless on the list for recipes only) plus what recipes need, family by
    /// family; 1 when that is nothing (``Amount/none``, SPEC section 14). For an item bought in packs, its count of
    /// packs and the needs in the pack's family are one amount (SPEC section 23: `2 packs (500 g)`).
    public var amount: Amount {
        if recipeNeed.isEmpty { return recipesOnly || quantity.isEmpty ? 1 : quantity }
        if recipesOnly { return recipeNeed }
        let sum = quantity.adding(recipeNeed)
        guard let pack else { return sum }
        return sum.foldingPacks(of: pack)
    }

    /// The first part of ``amount`` in the units its price is per (piece, kg, litre, word unit) × price, rounded half
    /// up to the cent, when a price is set. Amounts and prices are bounded, so the product cannot overflow.
    public var lineTotal: Price? {
        if let exact = priceAtStore { return Pricing(price: exact, unit: priceUnit, pack: pack).lineTotal(of: amount) }
        guard let price else { return nil }
        // Per piece with no pack (no section 12 field set), a whole count: no fraction, no unit to look at.
        if receipts == nil, let count = amount.wholeCount { return Price(sumOfCents: price.cents &* count) }
        return Pricing(price: price, unit: priceUnit, pack: pack).lineTotal(of: amount)
    }

    /// The item's price with its unit and pack size, when it has a price: at a store, the price there.
    public var pricing: Pricing? {
        unitPrice.map { Pricing(price: $0, unit: priceUnit, pack: pack) }
    }

    /// The price per ``priceUnit`` to four fraction digits: at a store (``atStore(_:)``), the last price
    /// paid there exactly (`0.1617`); else the item's own, in cents.
    public var unitPrice: UnitPrice? {
        priceAtStore ?? price.map(UnitPrice.init)
    }

    /// What a price given without a unit is per, now (SPEC section 12): a pack with a pack size, else the
    /// pricing unit of the amount's first part (a piece, kg, litre, word unit).
    public var defaultPriceUnit: MeasureUnit {
        if pack != nil { return .pack }
        return amount.parts.first?.unit.pricingUnit ?? .count
    }

    /// The whole packs to buy for the part of the amount in the pack's family, when the item has a pack size.
    public var packs: Int? {
        pack.flatMap { amount.packs(of: $0) }
    }
}

// MARK: - Equatable, Hashable

extension Item {
    /// Equal when every stored field is; ``recipeNeed`` follows from the list's recipe needs and is left
    /// out, so an item compares the same in any list.
    public static func == (lhs: Item, rhs: Item) -> Bool {
        lhs.id == rhs.id && lhs.name == rhs.name && lhs.quantity == rhs.quantity && lhs.onList == rhs.onList
            && lhs.isAvailable == rhs.isAvailable && lhs.dateLastPurchased == rhs.dateLastPurchased
            && lhs.locationID == rhs.locationID && lhs.listID == rhs.listID && lhs.price == rhs.price
            && lhs.starred == rhs.starred
            && lhs.note == rhs.note && lhs.restock == rhs.restock
            && lhs.recipesOnly == rhs.recipesOnly && lhs.pantry == rhs.pantry && lhs.modifiedAt == rhs.modifiedAt
            && lhs.receipts?.value == rhs.receipts?.value && lhs.stocking?.value == rhs.stocking?.value
    }

    /// Hashes the fields that identify the item and what to buy of it.
    public func hash(into hasher: inout Hasher) {
        hasher.combine(id)
        hasher.combine(name)
        hasher.combine(onList)
        hasher.combine(quantity)
    }
}

/// The fields of an item that SPEC section 12 added, at their defaults when absent.
package struct ReceiptFields: Hashable, Sendable {
    var priceUnit: MeasureUnit = .count
    var pack: Amount.Part?
    var storePrices: [StorePrice] = []
    var unavailableAt: [Store.ID] = []
    /// Why the location is a guess (SPEC 21), kept out of line with these: most items have none.
    var locationGuess: String?
    /// Only in an item as it is at a store (``Item/atStore(_:)``), never stored: the price there, exactly.
    var priceAtStore: UnitPrice?

    package init(
        priceUnit: MeasureUnit = .count, pack: Amount.Part? = nil, storePrices: [StorePrice] = [],
        unavailableAt: [Store.ID] = [], priceAtStore: UnitPrice? = nil
    ) {
        self.priceUnit = priceUnit
        self.pack = pack
        self.storePrices = storePrices
        self.unavailableAt = unavailableAt
        self.priceAtStore = priceAtStore
    }

    static let defaults = ReceiptFields()
}

/// ``ReceiptFields`` behind one reference, never mutated (a change makes a new box): values stay values.
final class ReceiptFieldsBox: Sendable {
    let value: ReceiptFields
    init(_ value: ReceiptFields) { self.value = value }
}

extension Item {
    /// What ``price`` is per (SPEC section 12): ``MeasureUnit/count`` for a piece, `kg`, `l`, a word unit,
    /// or ``MeasureUnit/pack`` (a whole pack of ``pack``). Kept with the price: never reread in another unit.
    public var priceUnit: MeasureUnit {
        get { receipts?.value.priceUnit ?? .count }
        set { changeReceipts { $0.priceUnit = newValue } }
    }

    /// The size of the packs the item is bought in (`--pack 250g`), if any: the list shows whole packs.
    public var pack: Amount.Part? {
        get { receipts?.value.pack }
        set { changeReceipts { $0.pack = newValue } }
    }

    /// The last price paid at each store it was bought at with a price, by store id (from the log).
    public var storePrices: [StorePrice] {
        get { receipts?.value.storePrices ?? [] }
        set { changeReceipts { $0.storePrices = newValue } }
    }

    /// At a store (``atStore(_:)``): the last price paid there to four fraction digits, which ``lineTotal``
    /// multiplies unrounded; ``price`` holds it rounded to the cent. `nil` in the list's own items.
    public internal(set) var priceAtStore: UnitPrice? {
        get { receipts?.value.priceAtStore }
        set { changeReceipts { $0.priceAtStore = newValue } }
    }

    /// Why ``locationID`` is a guess (SPEC 21: `'cheese'`, `your item 'Paprika'`) while it is one; `nil` for a
    /// location a person chose (a later `--location` clears it).
    public var locationGuess: String? {
        get { receipts?.value.locationGuess }
        set { changeReceipts { $0.locationGuess = newValue } }
    }

    /// The stores that are out of it (`unavailable` at a store), by id, sorted; ``isAvailable`` is everywhere.
    public var unavailableAt: [Store.ID] {
        get { receipts?.value.unavailableAt ?? [] }
        set { changeReceipts { $0.unavailableAt = newValue } }
    }

    /// Whether any of the section 12 fields is set (most items: none).
    public var hasReceiptFields: Bool { receipts != nil }

    private mutating func changeReceipts(_ change: (inout ReceiptFields) -> Void) {
        var value = receipts?.value ?? ReceiptFields.defaults
        change(&value)
        receipts = value == ReceiptFields.defaults ? nil : ReceiptFieldsBox(value)
    }
}
