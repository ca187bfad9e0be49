import ShopModel

/// Guesses where a new item goes in one household (SPEC 21): built once per command from the list, it answers each
/// name in time linear in the name's length, so guessing n names costs O(items + n).
///
/// Evidence, strongest first: the household's own items sharing the new name's food word (singular and plural
/// folded), then the shipped vocabulary's kind of aisle and the household's location for that kind. Below that, no
/// guess: the Unknown Location costs a look, a wrong aisle a walk back across the shop.
public struct LocationGuesser: Sendable {
    private let vocabulary: Vocabulary
    /// The household's placed items by food key (every singular the key may stand for): the location most of them
    /// are at, one of their names to say why, and the kind the vocabulary reads in that name. Keys whose items
    /// disagree are left out.
    private var householdKeys: [String: (locationID: Location.ID, name: String, kind: AisleKind?)] = [:]
    /// The household's location for each kind of aisle it has one for.
    private var locationsByKind: [AisleKind: Location.ID] = [:]
    /// The Unknown Location, whose items say nothing of where things go.
    private let unknownID: Location.ID
    /// The list, when its items are read per name rather than indexed (a few names).
    private let list: ShoppingList?
    /// The kinds the locations' names say, and which location says each.
    private var namedByLocation: [AisleKind: Location.ID] = [:]
    /// What the household taught by moving guessed items (``LearnedPlaces``): few records, indexed once.
    private var learned = LearnedPlaces()

    /// Indexes `list`'s locations and items; `vocabulary` is the shipped one outside tests.
    ///
    /// - Parameter names: how many names will be guessed, if known. For a few (a command adding an item or two) the
    ///   household's items are read per name, only those whose name holds the new name's food word, instead of
    ///   indexing every item first: a list of 10,000 items then costs a scan of their names, not 10,000 readings.
    public init(list: ShoppingList, names: Int? = nil) {
        self.init(list: list, vocabulary: .shipped, indexing: (names ?? .max) > Self.namesReadPerName)
    }

    /// Up to how many names the household's items are read per name rather than indexed.
    static let namesReadPerName = 8

    init(list: ShoppingList, vocabulary: Vocabulary, indexing: Bool = true) {
        self.vocabulary = vocabulary
        unknownID = list.unknownLocationID
        self.list = indexing ? nil : list
        // A kind's location: the one whose name says it (fewest other kinds first: `Cheese Counter` over
        // `Dairy & Cheese` for cheese), else the one holding most of its items, else a kind shops keep it with.
        var named: [AisleKind: (locationID: Location.ID, breadth: Int)] = [:]
        for location in list.locationsInVisitationOrder where !location.isUnknown {
            let claimed = kindsNamed(by: location.name)
            for kind in claimed where named[kind].map({ claimed.count < $0.breadth }) ?? true {
                named[kind] = (location.id, claimed.count)
            }
        }
        namedByLocation = named.mapValues(\.locationID)
        learned = LearnedPlaces(list.learnedPlaces, reading: self)
        // Reading per name, a kind no name says is found when a name needs it (``location(for:)``).
        guard indexing else { return }

        // Each item's food key and kind, once.
        var votes: [String: [Location.ID: (count: Int, name: String, kind: AisleKind?)]] = [:]
        var kindCounts: [AisleKind: [Location.ID: Int]] = [:]
        for item in list.items where item.locationID != unknownID && item.locationGuess == nil {
            let words = readableWords(item.name)
            let kind = kindOf(words)?.kind
            if let kind { kindCounts[kind, default: [:]][item.locationID, default: 0] += 1 }
            for (phrase, _) in foodKeys(words) {
                let previous = votes[phrase, default: [:]][item.locationID]
                votes[phrase, default: [:]][item.locationID] = (
                    (previous?.count ?? 0) + 1, previous?.name ?? item.name, previous?.kind ?? kind
                )
            }
        }
        for (phrase, byLocation) in votes {
            let ranked = byLocation.sorted { $0.value.count > $1.value.count }
            if ranked.count > 1, ranked[0].value.count == ranked[1].value.count { continue }
            householdKeys[phrase] = (ranked[0].key, ranked[0].value.name, ranked[0].value.kind)
        }

        for kind in AisleKind.allCases {
            if let claim = namedByLocation[kind] {
                locationsByKind[kind] = claim
            } else if let held = kindCounts[kind], let most = held.max(by: { $0.value < $1.value }), most.value >= 2,
                most.value * 2 > held.values.reduce(0, +)
            {
                locationsByKind[kind] = most.key
            }
        }
        for kind in AisleKind.allCases where locationsByKind[kind] == nil {
            if let fallback = kind.fallbacks.first(where: { locationsByKind[$0] != nil }) {
                locationsByKind[kind] = locationsByKind[fallback]
            }
        }
    }

    /// Where `name` would go, or `nil` when the evidence is too weak to send anyone there.
    public func guess(_ name: String) -> LocationGuess? {
        let words = readableWords(name)
        let found = kindOf(words)
        // What the household taught beats every other evidence: a person moved such an item there.
        if let taught = learned.place(for: name, words: words, kind: found?.kind, reading: self) { return taught }
        if isWeak(words, found) || isPairOfKinds(name, found) { return nil }
        // The household's item with the same food word, unless the vocabulary reads the two names as different kinds
        // of thing (`sliced apples in water` is canned, `Apples` produce; `onion powder` a spice, `Onions` produce).
        for (phrase, stem) in foodKeys(words) {
            if let known = householdItem(phrase, stem: stem) {
                guard known.kind == found?.kind else { break }
                return LocationGuess(locationID: known.locationID, evidence: .household, source: known.name)
            }
        }
        guard let found, let locationID = location(for: found.kind) else { return nil }
        return LocationGuess(locationID: locationID, evidence: .vocabulary, source: found.phrase, kind: found.kind)
    }

    /// Whether the evidence of `words` is too weak to send anyone anywhere (better unknown than wrong): the name of a
    /// dish or an assortment (`chopped salad kit`, `chicken bowl`), which goes where each shop decides; or a flavour
    /// before a food that is not sold by flavour (`candy filled eggs`, `maple sausage`), which names a sweet or a
    /// snack made of it. Words of the phrase the kind came from count for neither (`cherry tomato`, `matzo meal`).
    private func isWeak(_ words: [String], _ found: (kind: AisleKind, phrase: String)?) -> Bool {
        let phrase = Set((found?.phrase ?? "").split(separator: " ").map(String.init))
        let outside = words.filter { !GroceryWords.stems($0).contains(where: phrase.contains) }
        if outside.contains(where: vocabulary.unsureWords.contains) { return true }
        if let found {
            let head = found.phrase.split(separator: " ").last.map(String.init) ?? found.phrase
            if outside.contains(where: {
                vocabulary.doubtWords[$0]?.contains(found.kind) ?? false
                    || vocabulary.doubtFoods[$0]?.contains(head) ?? false
            }) {
                return true
            }
            // A food both fresh and frozen, no word saying which.
            if vocabulary.eitherWords.contains(found.phrase),
                !outside.contains(where: vocabulary.overrideWords.contains)
            {
                return true
            }
            // Another food's word beside a word of a kind of product (`cheese snack`) or of no food (`sesame
            // sunflower`): which of the two the name is, the words do not say.
            if !found.kind.isEdible,
                outside.contains(where: { vocabulary.kind(of: [$0][...])?.kind.isEdible ?? false })
            {
                return true
            }
            if vocabulary.genericWords.contains(found.phrase), let other = kindBefore(found.phrase, in: words),
                other != found.kind, other.isChilled
            {
                return true
            }
            // A food made into a snack (`oat bites`, `beef sticks`): with the snacks or with the food, shops differ.
            if found.kind != .snacks, let last = lastIndex(of: found.phrase, in: words),
                words[(last + 1)...].prefix(while: { !vocabulary.joinWords.contains($0) }).contains(
                    where: vocabulary.genericWords.contains)
            {
                return true
            }
            // A meal: meat or grains with another food (`turkey with beans`), or a food named only after `with`
            // (`taco with chicken`).
            if isDish(words, found) { return true }
        }
        guard let kind = found?.kind, !kind.isSoldByFlavour else { return false }
        // Only the part naming the food: `tuna with lemon` is tuna.
        let inPhrase: (String) -> Bool = { GroceryWords.stems($0).contains(where: phrase.contains) }
        let part = parts(words).first { $0.contains(where: inPhrase) } ?? words[...]
        return part.contains {
            !inPhrase($0) && GroceryWords.stems($0).contains(where: vocabulary.flavourWords.contains)
        }
    }

    /// Whether `words` name a meal or a product of something else than the food found: the food, before `with`, is of
    /// a kind that makes dishes (``AisleKind/isDishBase``) and `with` joins it to a food of another kind; or the food
    /// comes only after a join word and a word before it names something the vocabulary does not know (`taco with
    /// chicken`, `dark with pieces of strawberry`).
    private func isDish(_ words: [String], _ found: (kind: AisleKind, phrase: String)) -> Bool {
        let last = found.phrase.split(separator: " ").last.map(String.init) ?? found.phrase
        guard let join = words.firstIndex(where: vocabulary.joinWords.contains), join > words.startIndex,
            let at = words.firstIndex(where: { GroceryWords.stems($0).contains(last) })
        else { return false }
        if at < join {
            guard found.kind.isDishBase, words[join] == "with" || words[join] == "mit" else { return false }
            return words[(join + 1)...].contains { word in
                vocabulary.kind(of: [word][...]).map { $0.kind != found.kind && $0.kind.isFood } ?? false
            }
        }
        // A flavour before the join says what a food sold by flavour tastes of (`lemon with green tea`), no unknown
        // thing; before meat it names a dish (`taco with chicken`).
        return words[..<join].contains { word in
            !vocabulary.isForm(word) && !vocabulary.plainWords.contains(word)
                && !vocabulary.overrideWords.contains(word) && !vocabulary.stopWords.contains(word)
                && !(found.kind.isSoldByFlavour && vocabulary.flavourWords.contains(word))
        }
    }

    /// Where the last word of `phrase` is in `words`.
    private func lastIndex(of phrase: String, in words: [String]) -> Int? {
        let last = phrase.split(separator: " ").last.map(String.init) ?? phrase
        return words.lastIndex { GroceryWords.stems($0).contains(last) }
    }

    /// The kind of the longest known phrase ending just before `phrase` in `words` (`string cheese` of `string
    /// cheese snacks`).
    private func kindBefore(_ phrase: String, in words: [String]) -> AisleKind? {
        let first = phrase.split(separator: " ").first.map(String.init) ?? phrase
        guard let at = words.lastIndex(where: { GroceryWords.stems($0).contains(first) }), at > 0 else { return nil }
        for length in stride(from: min(vocabulary.longestPhrase, at), through: 1, by: -1) {
            if let found = vocabulary.kind(of: words[(at - length)..<at]) { return found.kind }
        }
        return nil
    }

    /// Whether `name` joins two foods of different kinds (`pepperoni & marinara`, `chicken and rice`): the word
    /// before the `&` names a food of another kind than the one found, so the name is a dish of both.
    private func isPairOfKinds(_ name: String, _ found: (kind: AisleKind, phrase: String)?) -> Bool {
        guard let found else { return false }
        let tokens = name.lowercased().split(separator: " ")
        guard let join = tokens.firstIndex(where: { ["&", "and", "und", "n"].contains($0) }) else { return false }
        let phrase = Set(found.phrase.split(separator: " ").map(String.init))
        let inPhrase: (String) -> Bool = { GroceryWords.stems($0).contains(where: phrase.contains) }
        guard let before = GroceryWords.words(tokens[..<join].joined(separator: " ")).last, !inPhrase(before),
            let other = vocabulary.kind(of: [before][...]), other.kind != found.kind
        else { return false }
        // Two foods before one head (`corn & rice cereal`) name what the head is made of: a guess still.
        let after = GroceryWords.words(tokens[(join + 1)...].joined(separator: " "))
        return after.first(where: { inPhrase($0) || vocabulary.kind(of: [$0][...]) != nil }).map(inPhrase) ?? false
    }

    /// The household's items whose food key is `phrase`: from the index, or read from the list's items whose name
    /// holds `stem` (the key's last word), each item read once.
    private func householdItem(_ phrase: String, stem: String) -> (
        locationID: Location.ID, name: String, kind: AisleKind?
    )? {
        guard let list else { return householdKeys[phrase] }
        var votes: [Location.ID: (count: Int, name: String, kind: AisleKind?)] = [:]
        let needle = Array(stem.utf8)
        // Fields read in place, the whole item copied only for a name that holds the stem: a copy of each of 10,000
        // items (its strings retained and released) cost `add` more than the rest of the guess.
        let items = list.items
        for index in items.indices
        where items[index].locationID != unknownID && Self.holds(items[index].name, stem, needle: needle) {
            let item = items[index]
            guard item.locationGuess == nil else { continue }
            let words = readableWords(item.name)
            guard foodKeys(words).contains(where: { $0.phrase == phrase }) else { continue }
            let previous = votes[item.locationID]
            votes[item.locationID] = (
                (previous?.count ?? 0) + 1, previous?.name ?? item.name, previous?.kind ?? kindOf(words)?.kind
            )
        }
        let ranked = votes.sorted { $0.value.count > $1.value.count }
        guard let first = ranked.first, ranked.count == 1 || ranked[1].value.count < first.value.count else {
            return nil
        }
        return (first.key, first.value.name, first.value.kind)
    }

    /// Whether `name` holds `stem` (ASCII letters in any case; other letters as written or lower-cased).
    private static func holds(_ name: String, _ stem: String, needle: [UInt8]) -> Bool {
        if needle.contains(where: { $0 >= 0x80 }) { return name.lowercased().contains(stem) }
        var name = name
        return name.withUTF8 { bytes in
            guard let first = needle.first, bytes.count >= needle.count else { return false }
            var start = 0
            while start <= bytes.count - needle.count {
                if bytes[start] | 0x20 == first {
                    var matched = 1
                    while matched < needle.count, bytes[start + matched] | 0x20 == needle[matched] { matched += 1 }
                    if matched == needle.count { return true }
                }
                start += 1
            }
            return false
        }
    }

    /// The household's location for `kind`: indexed, or (reading per name) the one whose name says it, else the one
    /// holding most items of the kind, else where shops keep it.
    private func location(for kind: AisleKind) -> Location.ID? {
        guard let list else { return locationsByKind[kind] }
        if let named = namedByLocation[kind] { return named }
        // What the index would hold: a full reading of the list (rare: a kind no location's name says).
        return LocationGuesser(list: list, vocabulary: vocabulary, indexing: true).locationsByKind[kind]
    }

    /// The kinds of aisle a location's name says (`Milk & Eggs`: dairy and eggs).
    func kindsNamed(by name: String) -> Set<AisleKind> {
        let words = GroceryWords.words(name).filter { !vocabulary.stopWords.contains($0) }
        var kinds: Set<AisleKind> = []
        for end in words.indices {
            for start in stride(from: end, through: max(0, end - 2), by: -1) {
                let head = words[start..<end].joined(separator: " ")
                for stem in GroceryWords.stems(words[end]) {
                    let phrase = head.isEmpty ? stem : head + " " + stem
                    if let named = vocabulary.locationWords[phrase] {
                        kinds.formUnion(named)
                        break
                    }
                }
            }
        }
        return kinds
    }

    // MARK: - Reading a name

    /// The words of `name` as the vocabulary reads them: stop words out.
    func readableWords(_ name: String) -> [String] {
        GroceryWords.words(name).filter { !vocabulary.stopWords.contains($0) }
    }

    /// The part of a name that names the food: before a join word (`tuna` of `tuna in water`), else after it.
    private func parts(_ words: [String]) -> [ArraySlice<String>] {
        guard let join = words.firstIndex(where: vocabulary.joinWords.contains) else { return [words[...]] }
        return [words[..<join], words[(join + 1)...]].filter { !$0.isEmpty }
    }

    /// The kind of a name and the phrase it came from: the longest known phrase ending at its last word, reading past
    /// form words (`chicken bites`) and into a German compound's last part (`Vollmilch` → `milch`); then a word
    /// elsewhere that changes it (`frozen peas`). Produce only when every other word describes fresh produce: the
    /// names of jars, cans and bags (`pickle spears`, `peach flavored tea`) name fruit and vegetables too.
    func kindOf(_ words: [String]) -> (kind: AisleKind, phrase: String)? {
        let parts = parts(words)
        for (index, part) in parts.enumerated() {
            guard var found = tailKind(part) else { continue }
            if index == 0, isFlavourOnly(part, found, before: parts.dropFirst().first, in: words) { continue }
            for override in vocabulary.overrides where found.kind.isEdible {
                guard override.appliesTo?.contains(found.kind) ?? true else { continue }
                if Self.holds(words, override.segments) { found.kind = override.kind }
            }
            if found.kind == .produce, !isPlainProduce(part, phrase: found.phrase) { return nil }
            return found
        }
        return nil
    }

    /// Whether `part`, before `with`, is only a flavour (`cinnamon with black tea`): the food is the one after it,
    /// unless that is a flavour too (`strawberries with cream`).
    private func isFlavourOnly(
        _ part: ArraySlice<String>, _ found: (kind: AisleKind, phrase: String), before next: ArraySlice<String>?,
        in words: [String]
    ) -> Bool {
        guard let next, let join = words.firstIndex(where: vocabulary.joinWords.contains),
            words[join] == "with" || words[join] == "mit", vocabulary.flavourWords.contains(found.phrase)
        else { return false }
        let phrase = Set(found.phrase.split(separator: " ").map(String.init))
        guard part.allSatisfy({ GroceryWords.stems($0).contains(where: phrase.contains) || vocabulary.isForm($0) }),
            let after = tailKind(next)
        else { return false }
        return !vocabulary.flavourWords.contains(after.phrase)
    }

    /// Whether `words` hold each segment's words, in a row, the segments in order.
    private static func holds(_ words: [String], _ segments: [[String]]) -> Bool {
        var start = words.startIndex
        for segment in segments {
            guard
                let at = (start...max(start, words.endIndex - segment.count)).first(where: {
                    $0 + segment.count <= words.endIndex && words[$0..<($0 + segment.count)].elementsEqual(segment)
                })
            else { return false }
            start = at + segment.count
        }
        return true
    }

    /// Whether every word of `part` but those of `phrase` describes fresh produce or says nothing of the food (and no
    /// word says it was packed: `berry mix`, `cut leaf kale`).
    private func isPlainProduce(_ part: ArraySlice<String>, phrase: String) -> Bool {
        let matched = Set(phrase.split(separator: " ").map(String.init))
        return part.allSatisfy { word in
            // The phrase's own words, in the plural too (`peppers` of `bell pepper`).
            if GroceryWords.stems(word).contains(where: matched.contains) { return true }
            if vocabulary.packedWords.contains(word) { return false }
            // Plain words in the plural too (`cloves garlic`).
            return GroceryWords.stems(word).contains(where: vocabulary.plainWords.contains) || vocabulary.isForm(word)
                || vocabulary.overrideWords.contains(word) || vocabulary.joinWords.contains(word)
                || GroceryWords.stems(word).contains { vocabulary.kind(ofKey: $0) == .produce }
        }
    }

    private func tailKind(_ words: ArraySlice<String>) -> (kind: AisleKind, phrase: String)? {
        var end = words.endIndex
        while end > words.startIndex {
            for length in stride(from: min(vocabulary.longestPhrase, end - words.startIndex), through: 1, by: -1) {
                guard let found = vocabulary.kind(of: words[(end - length)..<end]) else { continue }
                // Product names often put what flavours the food last (`cereal cinnamon harvest`, `preserves
                // blueberry`, `doughnut holes sour cream`): the food is the one just before it.
                if [.produce, .condiments, .dairy, .cheese].contains(found.kind),
                    vocabulary.flavourWords.contains(found.phrase), end - length > words.startIndex,
                    // A word of fresh produce before a fruit describes it (`tart apples`).
                    !vocabulary.plainWords.contains(words[end - length - 1]),
                    let food = food(before: end - length, in: words),
                    food.kind != found.kind, food.kind.isEdible
                {
                    return food
                }
                if let food = part(before: end - length, in: words, of: found) { return food }
                return found
            }
            let last = words[end - 1]
            if vocabulary.isForm(last) {
                end -= 1
                continue
            }
            // A compound's last part, longest first, at least four letters (`Schlagsahne` → `sahne`).
            let letters = Array(last)
            if letters.count > 4 {
                for start in 1...(letters.count - 4) {
                    // The part as written; read as a plural only from five letters (`tine` is no `tin`).
                    let suffix = String(letters[start...])
                    if let kind = vocabulary.kind(ofKey: suffix) { return (kind, suffix) }
                    if suffix.count >= 5, let found = vocabulary.kind(of: [suffix][...]) { return found }
                }
            }
            return nil
        }
        return nil
    }

    /// The food a word found last names a part or a flavour of, if any: a cut after a fish is of the fish (`haddock
    /// loins`), and a cheese after a cracker, a pasta or a bread flavours it (`crackers cheddar`, `macaroni & cheese
    /// white cheddar`): a grocer shelves the food, not its flavour.
    private func part(
        before end: Int, in words: ArraySlice<String>, of found: (kind: AisleKind, phrase: String)
    ) -> (kind: AisleKind, phrase: String)? {
        guard end > words.startIndex,
            found.kind == .cheese || vocabulary.isForm(found.phrase),
            let food = food(before: end, in: words)
        else { return nil }
        if found.kind == .cheese { return [.snacks, .grains, .bakery].contains(food.kind) ? food : nil }
        return food.kind == .seafood ? food : nil
    }

    /// The longest known phrase ending just before `end` in `words`, form words read past (`cereal` of `cereal
    /// cinnamon`), unless it is a flavour itself.
    private func food(before end: Int, in words: ArraySlice<String>) -> (kind: AisleKind, phrase: String)? {
        var end = end
        while end > words.startIndex, vocabulary.isForm(words[end - 1]) { end -= 1 }
        for length in stride(from: min(vocabulary.longestPhrase, end - words.startIndex), through: 1, by: -1) {
            if let found = vocabulary.kind(of: words[(end - length)..<end]) {
                return vocabulary.flavourWords.contains(found.phrase) ? nil : found
            }
        }
        return nil
    }

    /// The food key of a name for matching the household's items: its last food word (`yogurt` of `Greek yogurt`),
    /// or the longest phrase ending there that the vocabulary puts in another kind than that word alone (`ice cream`
    /// is frozen, `cream` dairy; `cottage cheese` is dairy, `cheese` cheese). One key for every singular the last word
    /// may stand for, each with that singular; none for a name with no food word.
    func foodKeys(_ words: [String]) -> [(phrase: String, stem: String)] {
        guard let part = parts(words).first else { return [] }
        var end = part.endIndex
        while end > part.startIndex, vocabulary.isForm(part[end - 1]) { end -= 1 }
        guard end > part.startIndex else { return [] }
        let alone = vocabulary.kind(of: part[(end - 1)..<end])?.kind
        var head = ""
        for length in stride(from: min(vocabulary.longestPhrase, end - part.startIndex), through: 2, by: -1) {
            let phrase = part[(end - length)..<end]
            if let found = vocabulary.kind(of: phrase), found.kind != alone {
                head = phrase.dropLast().joined(separator: " ") + " "
                break
            }
        }
        return GroceryWords.stems(part[end - 1]).map { (head + $0, $0) }
    }
}

extension ShoppingList {
    /// Places the new items `ids` that are in the Unknown Location where ``LocationGuesser`` guesses (SPEC 21), each
    /// marked with why (``Item/locationGuess``). Items elsewhere, or with no guess, are left as they are.
    /// - Returns: the guesses made, by item.
    @discardableResult
    public mutating func placeNewItems(_ ids: [Item.ID]) -> [Item.ID: LocationGuess] {
        let unplaced = ids.compactMap { item($0) }.filter { $0.locationID == unknownLocationID }
        guard !unplaced.isEmpty else { return [:] }
        let guesser = LocationGuesser(list: self, names: unplaced.count)
        var guesses: [Item.ID: LocationGuess] = [:]
        for var item in unplaced {
            guard let guess = guesser.guess(item.name) else { continue }
            item.locationID = guess.locationID
            item.locationGuess = guess.because
            replace(item)
            guesses[item.id] = guess
        }
        return guesses
    }
}
