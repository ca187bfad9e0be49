/// One of the household's named lists (SPEC section 22): `Groceries`, `Party`. An item is one record whatever list it
/// is on (``Item/listID`` names its list, its home list while it is off every list); a list is only a name.
public struct NamedList: Identifiable, Hashable, Sendable {
    /// The list's identifier type.
    public typealias ID = Identifier<NamedList>

    /// Never changes once the list exists.
    public package(set) var id: ID
    /// The trimmed, validated name; unique among lists, case-insensitively.
    public var name: String
    /// When `shop` last changed each field; empty for the list every file had before lists existed.
    public var modifiedAt: FieldStamps

    /// Creates a list value; no rule is checked here (``ShoppingList`` checks them).
    public init(id: ID = .random(), name: String, modifiedAt: FieldStamps = FieldStamps()) {
        self.id = id
        self.name = name
        self.modifiedAt = modifiedAt
    }

    /// The id of the list a file written before lists existed has (`Groceries`): the same on every device, so two
    /// devices that read an old file have one list, not two of one name, and an item that names no list is on it.
    public static let groceriesID = ID(
        UUID(uuid: (0x6C, 0x15, 0x75, 0x00, 0, 0, 0x40, 0, 0x80, 0, 0, 0, 0, 0, 0, 0x01)))

    /// The name of that list until someone renames it.
    public static let groceriesName = "Groceries"

    /// The one list of a file written before lists existed.
    public static var groceries: NamedList { NamedList(id: groceriesID, name: groceriesName) }

    /// Whether this is that list untouched: a file that holds only it needs no `lists` (and reads as before).
    public var isUntouchedGroceries: Bool { id == Self.groceriesID && name == Self.groceriesName && modifiedAt.isEmpty }
}
