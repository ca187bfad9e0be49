/// A place in the store; the visitation order is the walk through it.
public struct Location: Identifiable, Hashable, Sendable {
    /// The location's identifier type.
    public typealias ID = Identifier<Location>

    /// Never changes once the location is in a list (the decoder sets it once, on a record it builds).
    public package(set) var id: ID
    /// The trimmed, validated name; unique among locations, case-insensitively.
    public var name: String
    /// Position in the walk, 1...100 for user locations; ``Location/unknownVisitationOrder`` for the Unknown one.
    public var visitationOrder: Int
    /// The swatch colour.
    public var color: RGBA
    /// Marks the Unknown Location: identified by this flag, never by its (renamable) name.
    public package(set) var isUnknown: Bool
    /// When `shop` last changed each field; empty in files written before stamps existed.
    public var modifiedAt: FieldStamps

    /// Creates a location value; no rule is checked here (``ShoppingList`` checks them).
    public init(
        id: ID = .random(), name: String, visitationOrder: Int, color: RGBA = .neutral, isUnknown: Bool = false,
        modifiedAt: FieldStamps = FieldStamps()
    ) {
        self.id = id
        self.name = name
        self.visitationOrder = visitationOrder
        self.color = color
        self.isUnknown = isUnknown
        self.modifiedAt = modifiedAt
    }

    /// The visitation order stored for the Unknown Location: `Int32.max`, as ShoppingList14 does, so it
    /// sorts last even for a consumer that only looks at the number.
    public static let unknownVisitationOrder = Int(Int32.max)
    /// The name the Unknown Location starts with.
    public static let defaultUnknownName = "Unknown Location"
    /// The visitation orders user locations may have.
    public static let visitationOrders = 1...100
    /// The visitation order of a location created without `--order`.
    public static let defaultVisitationOrder = 50

    /// A new Unknown Location with its default name and colour.
    public static func makeUnknown(id: ID = .random()) -> Location {
        Location(id: id, name: defaultUnknownName, visitationOrder: unknownVisitationOrder, isUnknown: true)
    }
}
