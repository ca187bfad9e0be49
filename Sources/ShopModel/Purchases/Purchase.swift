/// One purchase of one item (SPEC section 10): what was bought, when, how many, at what unit price, where.
///
/// A purchase keeps the item's name as it was when bought, so it outlives the item (`remove` keeps the
/// history) and reads the same after a rename.
public struct Purchase: Identifiable, Hashable, Sendable {
    public typealias ID = Identifier<Purchase>

    public let id: ID
    /// The item bought (which may since have been removed).
    public var itemID: Item.ID
    /// The item id the purchase's line was logged with, when a read has since pointed the purchase at another item
    /// (a record merged into a same-named one, SPEC 8.2); `nil` when it is ``itemID``. The line keeps it: a device
    /// that writes the purchase again (what a sync brought in) writes the line as it was logged, so every device
    /// holds the same lines (SPEC 23).
    package var loggedItemID: Item.ID?
    /// The item's name when it was bought.
    public var name: String
    /// When it was bought, in whole seconds.
    public var date: Date
    /// What was bought (SPEC section 12): the amount the list showed, every part, or the one given with
    /// `-q`; whole packs (`2 pack`) for an item bought in packs.
    public var amount: Amount
    /// The unit price paid, per ``priceUnit``, to four fraction digits, if known.
    public var price: UnitPrice?
    /// What ``price`` is per: ``MeasureUnit/count`` for a piece, `kg`, `l`, `pack`, a word unit.
    public var priceUnit: MeasureUnit
    /// What was paid for the line (`--paid`, or the amount × the price, rounded to the cent); `nil` when
    /// unknown: no price, or a price in another family than what was bought.
    public var lineTotal: Price?
    /// The store in effect when it was bought, by name and id, if any (a name that is no store has no id).
    public var store: String?
    public var storeID: Store.ID?
    /// The device that logged it (its name, SPEC section 12), if known.
    public var by: String?
    /// The list the item was on when bought (SPEC section 22), by id and by its name then, as ``store`` and ``storeID``:
    /// the id finds a renamed list's purchases, the name says which list a removed one was. Both are `nil` for a line
    /// logged before lists existed, or while the household had only its untouched `Groceries` (so such a household's
    /// log reads as before): that is the list ``NamedList/groceriesID`` (see ``boughtFromListID``).
    public var listID: NamedList.ID?
    public var listName: String?
    /// The item's `dateLastPurchased` just before this purchase: what `unbuy` restores when it deletes the
    /// only purchase of an item bought before the log existed.
    public var dateBefore: Date?
    /// The item's own price this purchase replaced, when it replaced one (`buy --price/--paid`): what
    /// `unbuy` gives back. ``PriceBefore/none`` is "the item had no price".
    public var priceBefore: PriceBefore?
    /// What the list showed of the item just before this purchase, when buying changed more than taking it off the list
    /// (SPEC 16: `unbuy` gives back what the list had): `nil` when it held no recipe need and kept its own amount.
    public var listedBefore: ListedBefore?
    /// The lot's best-before, when given at `buy --best-before` (SPEC section 18); else the stocked item's
    /// `keeps` decides it when the stock is computed.
    public var bestBefore: CalendarDay?

    /// The item on the list just before a purchase: what `unbuy` puts back.
    public struct ListedBefore: Hashable, Sendable {
        /// What one recipe needed of the item, settled by the purchase.
        public struct Need: Hashable, Sendable {
            /// The recipe on the list that needed it.
            public var recipeID: ListedRecipe.ID
            /// How much.
            public var amount: Amount

            public init(recipeID: ListedRecipe.ID, amount: Amount) {
                self.recipeID = recipeID
                self.amount = amount
            }
        }

        /// The item's own amount (``Amount/none``: none of the person's own beside the recipes').
        public var quantity: Amount
        /// Whether it was on the list for recipes only.
        public var recipesOnly: Bool
        /// What recipes needed of it, in the order of the list's needs.
        public var needs: [Need]

        public init(quantity: Amount, recipesOnly: Bool, needs: [Need]) {
            self.quantity = quantity
            self.recipesOnly = recipesOnly
            self.needs = needs
        }

        /// A need as the log keeps it: `"<recipe id> <exact amount>"` (`" "` alone after the id: no amount).
        var needTexts: [String] { needs.map { $0.recipeID.description + " " + $0.amount.exactText } }

        /// Reads a ``needTexts`` element; `nil` when it is not one.
        package static func need(text: String) -> Need? {
            guard text.utf8.count >= 37, let id = UUID(uuidString: String(text.prefix(36))),
                text.dropFirst(36).first == " ", let amount = Amount(exactText: String(text.dropFirst(37)))
            else { return nil }
            return Need(recipeID: ListedRecipe.ID(id), amount: amount)
        }
    }

    /// An item's own price before a purchase changed it.
    public enum PriceBefore: Hashable, Sendable {
        /// It had none.
        case none
        /// This price per this unit.
        case price(Price, MeasureUnit)

        /// `none`, `2.49`, `11.99/kg`: the log's text.
        public var text: String {
            switch self {
            case .none: "none"
            case .price(let price, let unit): unit.isCount ? price.description : price.description + "/" + unit.symbol
            }
        }

        /// Reads ``text``.
        package init?(text: String) {
            if text == "none" {
                self = .none
                return
            }
            guard let typed = try? TypedPrice(parsing: text), let cents = typed.price.cents else { return nil }
            self = .price(cents, typed.unit ?? .count)
        }
    }

    /// Creates a purchase value; the caller has validated every field.
    public init(
        id: ID = .random(), itemID: Item.ID, name: String, date: Date, amount: Amount, price: UnitPrice?,
        priceUnit: MeasureUnit = .count, lineTotal: Price?, store: String? = nil, storeID: Store.ID? = nil,
        by: String? = nil, dateBefore: Date? = nil, priceBefore: PriceBefore? = nil, bestBefore: CalendarDay? = nil
    ) {
        self.bestBefore = bestBefore
        self.id = id
        self.itemID = itemID
        self.name = name
        self.date = date
        self.amount = amount
        self.price = price
        self.priceUnit = priceUnit
        self.lineTotal = lineTotal
        self.store = store
        self.storeID = storeID
        self.by = by
        self.dateBefore = dateBefore
        self.priceBefore = priceBefore
    }

    /// A purchase of a whole count at a price per piece (as version 4 logged them): the line total is quantity × price.
    public init(
        id: ID = .random(), itemID: Item.ID, name: String, date: Date, quantity: Int, price: Price? = nil,
        store: String? = nil, storeID: Store.ID? = nil, dateBefore: Date? = nil
    ) {
        self.init(
            id: id, itemID: itemID, name: name, date: date, amount: Amount(count: quantity),
            price: price.map(UnitPrice.init), lineTotal: price.map { Price(sumOfCents: $0.cents &* quantity) },
            store: store, storeID: storeID, dateBefore: dateBefore)
    }

    /// The list it was bought from: ``listID``, or `Groceries` (the one list there was) for a line that names none.
    public var boughtFromListID: NamedList.ID { listID ?? NamedList.groceriesID }

    /// The whole count bought, when the amount is one (what scripts read as `quantity`).
    public var wholeCount: Int? { amount.wholeCount }
}
