/// A change to a field that can also be cleared (`--price P` / `--no-price`).
public enum ClearableChange<Value: Sendable & Hashable>: Sendable, Hashable {
    /// Leave the field as it is.
    case keep
    /// Give the field this value.
    case set(Value)
    /// Remove the value.
    case clear

    func applied(to current: Value?) -> Value? {
        switch self {
        case .keep: current
        case .set(let value): value
        case .clear: nil
        }
    }
}

/// The fields `add` and `edit` may change, validated (see ``Validation``); `nil` and `.keep` leave a field alone.
public struct ItemChanges: Sendable, Hashable {
    /// A new name (edit only); validated and checked for uniqueness when applied.
    public var name: String?
    /// The person's own amount (`-q`), already checked against the limits.
    public var quantity: Amount?
    public var locationID: Location.ID?
    public var price: ClearableChange<Price>
    public var starred: Bool?
    public var note: ClearableChange<String>
    /// `--every` / `--no-every`: a number of days (checked when applied) or a learned interval.
    public var restock: ClearableChange<RestockInterval>
    /// `--pantry` / `--no-pantry`: a pantry staple, never put on the list by a recipe.
    public var pantry: Bool?
    /// What a `price` set here is per (`--price 11.99/kg`); `nil`: the item's unit once the other changes
    /// are applied (SPEC section 12).
    public var priceUnit: MeasureUnit?
    /// `--pack AMOUNT` / `--no-pack`: the pack size the item is bought in (one part, checked).
    public var pack: ClearableChange<Amount.Part> = .keep
    /// `--stock` / `--no-stock`: kept track of at home (SPEC section 18).
    public var stock: Bool?
    /// `--keeps DAYS` / `--no-keeps`: the usual shelf life (checked).
    public var keeps: ClearableChange<Int> = .keep
    /// `--keeps-open DAYS` / `--no-keeps-open`: the days it lasts once opened (checked).
    public var keepsOpen: ClearableChange<Int> = .keep
    /// `--min-stock AMOUNT` / `--no-min-stock`: below it, restock puts the missing amount on the list.
    public var minStock: ClearableChange<Amount.Part> = .keep

    /// Changes nothing unless told.
    public init(
        name: String? = nil, quantity: Amount? = nil, locationID: Location.ID? = nil,
        price: ClearableChange<Price> = .keep,
        starred: Bool? = nil, note: ClearableChange<String> = .keep,
        restock: ClearableChange<RestockInterval> = .keep,
        pantry: Bool? = nil
    ) {
        self.pantry = pantry
        self.name = name
        self.quantity = quantity
        self.locationID = locationID
        self.price = price
        self.starred = starred
        self.note = note
        self.restock = restock
    }

    /// Whether applying these changes could change anything at all.
    public var isEmpty: Bool { self == ItemChanges() }

    /// Applies the field changes except the name (which needs the list's index) to `item`.
    func apply(to item: inout Item) {
        if let quantity {
            item.quantity = quantity
            // A person who says how much they want wants it, whatever recipes need.
            item.recipesOnly = false
        }
        if let pantry { item.pantry = pantry }
        // A location a person chose is no guess any more (SPEC 21), even the same one.
        if let locationID {
            item.locationID = locationID
            item.locationGuess = nil
        }
        item.pack = pack.applied(to: item.pack)
        switch price {
        case .keep: break
        case .set(let value):
            item.price = value
            item.priceUnit = priceUnit ?? item.defaultPriceUnit
        case .clear:
            item.price = nil
            item.priceUnit = .count
        }
        if let starred { item.starred = starred }
        item.note = note.applied(to: item.note)
        item.restock = restock.applied(to: item.restock)
        if let stock { item.stock = stock }
        item.keeps = keeps.applied(to: item.keeps)
        item.keepsOpen = keepsOpen.applied(to: item.keepsOpen)
        item.minStock = minStock.applied(to: item.minStock)
    }

    /// Checks the values against section 1's ranges, so a caller that skipped ``Validation`` cannot break a rule.
    func validate(in list: ShoppingList) throws(ShopError) {
        if let quantity { _ = try Validation.amount(quantity) }
        if case .set(.days(let days)) = restock { _ = try Validation.every(days) }
        if let locationID, list.location(locationID) == nil {
            throw .notFound(locationID.description, kind: .location, candidates: [])
        }
    }
}

/// What a command did to one item, so the caller can report "Bought milk" or "eggs was already bought".
public struct ItemOutcome: Sendable, Hashable {
    /// What happened.
    public enum Kind: Sendable, Hashable {
        /// A new item was created.
        case created
        /// The item changed.
        case changed
        /// The item was already as asked (bought, on the list, available...); nothing changed.
        case unchanged
    }

    public let id: Item.ID
    public let kind: Kind

    public init(id: Item.ID, kind: Kind) {
        self.id = id
        self.kind = kind
    }
}
