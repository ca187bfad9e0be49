/// The grocery words shipped in the binary (`Vocabulary.txt`, written for shop): words and phrases → kinds of aisle,
/// the words locations are named with, and the words that shape how a name is read. Parsed once per process.
struct Vocabulary: Sendable {
    /// A word anywhere in a name that moves a food of some kinds to another kind (`frozen peas`, `tuna in water`).
    struct Override: Sendable {
        /// The words, in order (`in water` is two); a gap (`in ... juice`: `in pear juice`) splits them into segments,
        /// each found after the one before it.
        var segments: [[String]]
        /// The kind the food becomes.
        var kind: AisleKind
        /// The kinds it applies to; `nil`: every food.
        var appliesTo: Set<AisleKind>?
    }

    /// Each known word or phrase (words joined by one space, as written: singular) and its kind.
    private(set) var kinds: [String: AisleKind] = [:]
    /// The words and phrases location names use for a kind (`Obst & Gemüse`: `obst`, `gemüse`).
    private(set) var locationWords: [String: Set<AisleKind>] = [:]
    /// Words at the end of a name that say its form or packing (`bites`, `mix`), read past.
    private(set) var formWords: Set<String> = []
    /// Words that split a name in two, the food first (`with`, `in`).
    private(set) var joinWords: Set<String> = []
    /// Words that describe fresh produce (`ripe`, `red`): a produce word beside any other word is no guess.
    private(set) var plainWords: Set<String> = []
    /// The single words of kind produce.
    private(set) var produceWords: Set<String> = []
    /// The single words of the overrides (`frozen`), which say how the food is kept, not what it is.
    private(set) var overrideWords: Set<String> = []
    /// Words that say a name is a dish or an assortment whose aisle varies from shop to shop (`kit`, `bowl`): a name
    /// holding one, outside the phrase its kind came from, gets no guess.
    private(set) var unsureWords: Set<String> = []
    /// Words that are often a flavour (`vanilla`, `strawberry`, `caramel`), singular.
    private(set) var flavourWords: Set<String> = []
    /// Words and phrases that name a kind of product rather than a food (`snack`, `bar`, `dip`): beside a food word
    /// of another kind (`cheese snack`, `sorbet bars`) the name is a product of either kind, so no guess.
    private(set) var genericWords: Set<String> = []
    /// Foods shops sell both fresh and frozen (or in two other aisles: `pie`, `meatball`): no guess unless a word of
    /// the name says which (`frozen pie`).
    private(set) var eitherWords: Set<String> = []
    /// Words that make a guess of some kinds unsure (`smoked` meat may be at the deli counter, `brewed` tea in the
    /// drinks): a name holding one, outside the phrase its kind came from, gets no guess of those kinds.
    private(set) var doubtWords: [String: Set<AisleKind>] = [:]
    /// As ``doubtWords``, for the foods named by their last word (`tea`, `coffee`) rather than by kind.
    private(set) var doubtFoods: [String: Set<String>] = [:]
    /// Words dropped everywhere (`and`, `of`).
    private(set) var stopWords: Set<String> = []
    /// The overrides, in file order (a later one sees what an earlier one made).
    private(set) var overrides: [Override] = []
    /// The longest phrase, in words.
    private(set) var longestPhrase = 1

    /// The vocabulary shipped in the binary.
    static let shipped = Vocabulary(text: String(decoding: PackageResources.Vocabulary_txt, as: UTF8.self))

    /// Reads the format described at the top of `Vocabulary.txt`; a word listed twice keeps its first kind.
    ///
    /// Read as bytes, once per process: every command that adds an item reads it, so it costs a pass over 40 kB, not a
    /// `Character` walk. Entries are lower case (a test holds them to ``GroceryWords/words(_:)``), and stop words
    /// come first in the file, so phrases are keyed as names are read (`mac and cheese` is `mac cheese`).
    init(text: String) {
        var section = ""
        var kind: AisleKind?
        var text = text
        // Room for every entry at once: growing the table rehashes every key it holds.
        kinds.reserveCapacity(4096)
        text.withUTF8 { bytes in
            for line in bytes.split(separator: UInt8(ascii: "\n")) {
                var entries = Self.trimmed(line)
                guard let first = entries.first, first != UInt8(ascii: "#") else { continue }
                if first == UInt8(ascii: "@") {
                    section = String(decoding: Self.trimmed(entries.dropFirst()), as: UTF8.self)
                    kind = AisleKind(rawValue: section)
                    continue
                }
                if section == "override" {
                    read(override: String(decoding: entries, as: UTF8.self))
                    continue
                }
                var doubted: Set<AisleKind> = []
                var doubtedFoods: Set<String> = []
                if section == "doubt", let colon = entries.lastIndex(of: UInt8(ascii: ":")) {
                    let kinds = String(decoding: entries[(colon + 1)...], as: UTF8.self).split(separator: " ")
                    doubted = Set(kinds.compactMap { AisleKind(rawValue: String($0)) })
                    doubtedFoods = Set(kinds.map(String.init).filter { AisleKind(rawValue: $0) == nil })
                    entries = entries[..<colon]
                }
                let isNames = entries.starts(with: "names:".utf8)
                if isNames { entries = entries.dropFirst("names:".utf8.count) }
                for entry in entries.split(separator: UInt8(ascii: ",")) {
                    guard let key = key(of: entry, keepingStopWords: section == "stop") else { continue }
                    switch section {
                    case "skip": formWords.insert(key)
                    case "cut": joinWords.insert(key)
                    case "stop": stopWords.insert(key)
                    case "plain": plainWords.insert(key)
                    case "unsure": unsureWords.insert(key)
                    case "flavour": flavourWords.insert(key)
                    case "generic": genericWords.insert(key)
                    case "either": eitherWords.insert(key)
                    case "doubt":
                        doubtWords[key, default: []].formUnion(doubted)
                        doubtFoods[key, default: []].formUnion(doubtedFoods)
                    default:
                        guard let kind else { continue }
                        if isNames {
                            locationWords[key, default: []].insert(kind)
                        } else if let earlier = kinds.updateValue(kind, forKey: key) {
                            kinds[key] = earlier
                        } else {
                            longestPhrase = max(longestPhrase, key.utf8.count(where: { $0 == 0x20 }) + 1)
                        }
                    }
                }
            }
        }
        produceWords = Set(kinds.filter { $0.value == .produce && !$0.key.utf8.contains(0x20) }.keys)
        overrideWords = Set(
            overrides.compactMap { $0.segments.count == 1 && $0.segments[0].count == 1 ? $0.segments[0][0] : nil })
    }

    /// Without leading and trailing spaces, tabs and carriage returns.
    private static func trimmed(_ bytes: Slice<UnsafeBufferPointer<UInt8>>) -> Slice<UnsafeBufferPointer<UInt8>> {
        let isSpace: (UInt8) -> Bool = { $0 == 0x20 || $0 == 0x09 || $0 == 0x0D }
        guard let start = bytes.firstIndex(where: { !isSpace($0) }) else { return bytes[bytes.endIndex...] }
        let end = bytes.lastIndex(where: { !isSpace($0) })!
        return bytes[start...end]
    }

    /// The key of a lower-case entry: its words (runs of letters, ASCII or beyond, an apostrophe inside a word kept,
    /// as ``GroceryWords/words(_:)`` reads a name) joined by one space, stop words out; `nil` for none.
    private func key(of bytes: Slice<UnsafeBufferPointer<UInt8>>, keepingStopWords: Bool) -> String? {
        var key: [UInt8] = []
        key.reserveCapacity(bytes.count)
        var wordStart = 0
        let isLetter: (UInt8) -> Bool = { (0x61...0x7A).contains($0) || (0x41...0x5A).contains($0) || $0 >= 0x80 }
        func endWord() {
            guard key.count > wordStart else { return }
            // Only a word as short as a stop word is looked up (few are).
            if !keepingStopWords, key.count - wordStart <= 4,
                stopWords.contains(String(decoding: key[wordStart...], as: UTF8.self))
            {
                key.removeSubrange(wordStart...)
            }
            if !key.isEmpty, key.last != 0x20 { key.append(0x20) }
            wordStart = key.count
        }
        var index = bytes.startIndex
        while index < bytes.endIndex {
            let byte = bytes[index]
            if isLetter(byte) {
                key.append(byte)
            } else if byte == UInt8(ascii: "'"), key.count > wordStart, index + 1 < bytes.endIndex,
                isLetter(bytes[index + 1])
            {
                key.append(byte)
            } else {
                endWord()
            }
            index += 1
        }
        endWord()
        while key.last == 0x20 { key.removeLast() }
        return key.isEmpty ? nil : String(decoding: key, as: UTF8.self)
    }

    /// `words: kind <- kinds` (or `<- *`); `...` between words is a gap of any words.
    private mutating func read(override line: String) {
        let halves = line.split(separator: ":", maxSplits: 1)
        guard halves.count == 2 else { return }
        let sides = halves[1].split(separator: "<", maxSplits: 1)
        guard let kind = AisleKind(rawValue: sides[0].trimmingSpaces), sides.count == 2 else { return }
        let targets = sides[1].dropFirst().split(separator: " ").map(String.init)
        let appliesTo = targets == ["*"] ? nil : Set(targets.compactMap(AisleKind.init(rawValue:)))
        let segments = halves[0].split(separator: "...").map { GroceryWords.words(String($0)) }.filter { !$0.isEmpty }
        guard !segments.isEmpty else { return }
        overrides.append(Override(segments: segments, kind: kind, appliesTo: appliesTo))
    }

    /// The kind of the phrase `words` whose last word may be a plural, with the phrase as known (`frozen peas` →
    /// frozen, `frozen pea`).
    func kind(of words: ArraySlice<String>) -> (kind: AisleKind, phrase: String)? {
        guard let last = words.last else { return nil }
        let head = words.dropLast().joined(separator: " ")
        for stem in GroceryWords.stems(last) {
            let key = head.isEmpty ? stem : head + " " + stem
            if let kind = kinds[key] { return (kind, key) }
        }
        return nil
    }
}

extension StringProtocol {
    /// Without leading and trailing spaces and tabs.
    var trimmingSpaces: String {
        let isSpace: (Character) -> Bool = { $0 == " " || $0 == "\t" || $0 == "\r" }
        guard let first = firstIndex(where: { !isSpace($0) }), let last = lastIndex(where: { !isSpace($0) }) else {
            return ""
        }
        return String(self[first...last])
    }
}
