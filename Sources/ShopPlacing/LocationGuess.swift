import ShopModel

/// Where a new item is guessed to go, and why (SPEC 21).
public struct LocationGuess: Hashable, Sendable {
    /// What the guess rests on, strongest first.
    public enum Evidence: String, Hashable, Sendable {
        /// A word the household taught by moving a guessed item (``LearnedPlace``): the strongest.
        case learned
        /// The household's own item whose name ends in the same food (`smoked paprika` → where `Paprika` is).
        case household
        /// The vocabulary shipped in the binary, and the household's location for that kind of aisle.
        case vocabulary
    }

    /// The location guessed: a user location of the list the guess was made for, never the Unknown Location.
    public var locationID: Location.ID
    /// The kind of evidence.
    public var evidence: Evidence
    /// The word or phrase the guess came from (`cheese`), for ``Evidence/household`` the item's name, for
    /// ``Evidence/learned`` the learned word (the name of the item a person moved).
    public var source: String
    /// The kind of aisle the vocabulary gave, for ``Evidence/vocabulary``.
    public var kind: AisleKind?

    /// Creates a guess value.
    public init(locationID: Location.ID, evidence: Evidence, source: String, kind: AisleKind? = nil) {
        self.locationID = locationID
        self.evidence = evidence
        self.source = source
        self.kind = kind
    }

    /// Why, as the item keeps it (``Item/locationGuess``) and `--json` gives it: `'cheese'`, `your item 'Paprika'`
    /// (read after `guessed from`), `learned from your moves: 'gouda'` (read as it is: see ``saying(_:)``).
    public var because: String {
        switch evidence {
        case .learned: Self.learnedPrefix + "'\(source)'"
        case .household: "your item '\(source)'"
        case .vocabulary: "'\(source)'"
        }
    }

    /// How a learned guess's ``because`` starts.
    static let learnedPrefix = "learned from your moves: "

    /// Where a guessed location came from, in words a person reads (`add`, `show`, `guess`): `guessed from 'cheese'`,
    /// `learned from your moves: 'gouda'`.
    /// - Parameter because: a guess's ``because``, as an item keeps it.
    public static func saying(_ because: String) -> String {
        because.hasPrefix(learnedPrefix) ? because : "guessed from " + because
    }
}
