import ShopModel

/// Where a new item is guessed to go, and why (SPEC 21).
public struct LocationGuess: Hashable, Sendable {
    /// What the guess rests on, strongest first.
    public enum Evidence: String, Hashable, Sendable {
        /// The household's own item whose name ends in the same food (`smoked paprika` → where `Paprika` is).
        case household
        /// The vocabulary shipped in the binary, and the household's location for that kind of aisle.
        case vocabulary
    }

    /// The location guessed: a user location of the list the guess was made for, never the Unknown Location.
    public var locationID: Location.ID
    /// The kind of evidence.
    public var evidence: Evidence
    /// The word or phrase the guess came from (`cheese`), or for ``Evidence/household`` the item's name.
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

    /// Why, in words a person reads after `guessed from` (`'cheese'`, `your item 'Paprika'`).
    public var because: String {
        switch evidence {
        case .household: "your item '\(source)'"
        case .vocabulary: "'\(source)'"
        }
    }
}
