/// A word the household taught by moving an item out of a guessed location (SPEC section 21): the item's name, folded,
/// and the location a person moved it to. The strongest evidence for where a new item goes; a shared record of the
/// data file, so what one device learned every device guesses after `sync`.
///
/// The word is the moved item's whole name lower-cased (`aged gouda`), not the food word the guesser reads in it
/// (`gouda`): the vocabulary that finds that word lives in a layer above this one, so the guesser derives the food word
/// when it reads the records, and every path that moves an item learns without calling the guesser.
public struct LearnedPlace: Identifiable, Hashable, Sendable {
    /// The record's identifier type.
    public typealias ID = Identifier<LearnedPlace>

    /// Never changes once the record exists.
    public package(set) var id: ID
    /// The moved item's name, trimmed and lower-cased: at most one record per word.
    public var word: String
    /// Where a person put the item: a user location, never the Unknown Location.
    public var locationID: Location.ID
    /// When `shop` last changed each field.
    public var modifiedAt: FieldStamps

    /// Creates a record value; no rule is checked here (``ShoppingList`` checks them).
    public init(id: ID = .random(), word: String, locationID: Location.ID, modifiedAt: FieldStamps = FieldStamps()) {
        self.id = id
        self.word = word
        self.locationID = locationID
        self.modifiedAt = modifiedAt
    }

    /// The word an item's name teaches: its name lower-cased, the words as typed.
    public static func word(of name: String) -> String { Validation.trimmed(name).lowercased() }
}
