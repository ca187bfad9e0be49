import ShopModel

/// The words a household taught by moving guessed items (SPEC 21), indexed for ``LocationGuesser``: by the whole word
/// (the moved item's name, folded) and by the food key phrases the guesser reads in it (`gouda` of `aged gouda`), each
/// singular and plural. Built once per guesser from the list's few records; each lookup is a dictionary's.
struct LearnedPlaces: Sendable {
    /// What one record says: where, the word that taught it, the kind the vocabulary reads in the word, and when.
    struct Taught: Sendable {
        var locationID: Location.ID
        var word: String
        var kind: AisleKind?
        var at: Date
    }

    private var byWord: [String: Taught] = [:]
    private var byKey: [String: Taught] = [:]

    init() {}

    init(_ places: [LearnedPlace], reading guesser: LocationGuesser) {
        for place in places {
            let words = guesser.readableWords(place.word)
            let taught = Taught(
                locationID: place.locationID, word: place.word, kind: guesser.kindOf(words)?.kind,
                at: place.modifiedAt.newest ?? .distantPast)
            byWord[place.word] = taught
            // Two words of one food key taught different places: the later move wins, the same on every device.
            for (phrase, _) in guesser.foodKeys(words)
            where byKey[phrase].map({ Self.isLater(taught, than: $0) }) ?? true {
                byKey[phrase] = taught
            }
        }
    }

    /// Where `name` goes by what was taught: its own word first, else its food key, unless the vocabulary reads the
    /// two names as different kinds of thing (`onion powder` is a spice, `onions` produce).
    func place(for name: String, words: [String], kind: AisleKind?, reading guesser: LocationGuesser)
        -> LocationGuess?
    {
        guard !byWord.isEmpty else { return nil }
        if let taught = byWord[LearnedPlace.word(of: name)] { return Self.guess(taught) }
        for (phrase, _) in guesser.foodKeys(words) {
            guard let taught = byKey[phrase] else { continue }
            guard taught.kind == nil || kind == nil || taught.kind == kind else { return nil }
            return Self.guess(taught)
        }
        return nil
    }

    private static func guess(_ taught: Taught) -> LocationGuess {
        LocationGuess(locationID: taught.locationID, evidence: .learned, source: taught.word)
    }

    private static func isLater(_ lhs: Taught, than rhs: Taught) -> Bool {
        lhs.at != rhs.at ? lhs.at > rhs.at : lhs.word < rhs.word
    }
}
