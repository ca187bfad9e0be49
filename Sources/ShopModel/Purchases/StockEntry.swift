/// One line of the purchase log that is not a purchase (SPEC section 18): something used, opened, or put into stock. It
/// names no lot: every device replays the log (``StockLedger``) and finds the lot it applies to.
public struct StockEntry: Identifiable, Hashable, Sendable {
    /// The entry's identifier type.
    public typealias ID = Identifier<StockEntry>

    /// What happened.
    public enum Kind: Hashable, Sendable {
        /// An amount used (`nil`: all of it); `spoiled`: thrown away, not eaten.
        case use(Amount.Part?, spoiled: Bool)
        /// The lot `use` would take next was opened.
        case open
        /// A lot with no purchase (what was at home already, a gift), with its best-before if given.
        case add(Amount, bestBefore: CalendarDay?)

        /// The log's word for the kind (its `stockEntry` key): `use`, `open`, `add`.
        public var word: String {
            switch self {
            case .use: "use"
            case .open: "open"
            case .add: "add"
            }
        }
    }

    public let id: ID
    /// The item it concerns (which may since have been removed).
    public var itemID: Item.ID
    /// The item's name when it was logged.
    public var name: String
    /// When it happened, in whole seconds.
    public var date: Date
    /// The device that logged it, if known.
    public var by: String?
    public var kind: Kind

    /// Creates an entry; the caller has validated every field.
    public init(id: ID = .random(), itemID: Item.ID, name: String, date: Date, by: String? = nil, kind: Kind) {
        self.id = id
        self.itemID = itemID
        self.name = name
        self.date = date
        self.by = by
        self.kind = kind
    }
}
