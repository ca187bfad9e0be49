import ShopModel

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

    /// Each known word or phrase (words joined by one space, as written: singular) and its kind, as an index over
    /// their bytes: see ``KindIndex``.
    private var kinds = KindIndex(reserving: true)
    /// The words and phrases location names use for a kind (`Obst & Gemüse`: `obst`, `gemüse`).
    private(set) var locationWords: [String: Set<AisleKind>] = [:]
    /// Words at the end of a name that say its form or packing (`bites`, `mix`), read past.
    private(set) var formWords: Set<String> = []
    /// Words that split a name in two, the food first (`with`, `in`).
    private(set) var joinWords: Set<String> = []
    /// Words that describe fresh produce (`ripe`, `red`): a produce word beside any other word is no guess.
    private(set) var plainWords: Set<String> = []
    /// Words that say produce was made into something packed (`mix`, `medley`, `cut`, `bites`): beside them a produce
    /// word names a bag of frozen vegetables, a snack or a fruit cup, not fresh produce, so no guess.
    private(set) var packedWords: Set<String> = []
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
    /// The stop words of up to four bytes (all of them), each packed into one number (``code(of:)``), for keying
    /// entries without making a `String` of each word.
    private var stopWordCodes: [UInt32] = []
    /// The overrides, in file order (a later one sees what an earlier one made).
    private(set) var overrides: [Override] = []
    /// The longest phrase, in words.
    private(set) var longestPhrase = 1

    /// The vocabulary shipped in the binary.
    static let shipped = Vocabulary(text: String(decoding: PackageResources.Vocabulary_txt, as: UTF8.self))

    /// Reads the format described at the top of `Vocabulary.txt`; a word listed twice keeps its first kind.
    ///
    /// Read as bytes, once per process, by every command that creates an item: one pass over 40 kB that copies each
    /// word's key into one buffer and indexes it (``KindIndex``), no `String` or dictionary entry per word (those cost
    /// `add` at 10,000 items 5 % of its instructions). Entries are lower case (a test holds them to
    /// ``GroceryWords/words(_:)``), and stop words come first in the file, so phrases are keyed as names are read
    /// (`mac and cheese` is `mac cheese`).
    init(text: String) {
        var section = ""
        var kind: AisleKind?
        var text = text
        // A few hundred names of locations, each a new key: room for them at once.
        locationWords.reserveCapacity(512)
        text.withUTF8 { bytes in
            var lineStart = 0
            while lineStart < bytes.count {
                // Lines found by hand, not `split`: no array of them, and no closure call per byte.
                var lineEnd = lineStart
                while lineEnd < bytes.count, bytes[lineEnd] != UInt8(ascii: "\n") { lineEnd += 1 }
                let line = bytes[lineStart..<lineEnd]
                lineStart = lineEnd + 1
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
                // A kind's words are keyed straight into the index's buffer, never made `String`s.
                if let kind, !isNames {
                    kinds.appendKeys(
                        ofLine: UnsafeBufferPointer(rebasing: entries), kind: kind, stopWords: stopWordCodes)
                    continue
                }
                for entry in entries.split(separator: UInt8(ascii: ",")) {
                    guard let key = key(of: entry, keepingStopWords: section == "stop") else { continue }
                    switch section {
                    case "skip": formWords.insert(key)
                    case "cut": joinWords.insert(key)
                    case "stop":
                        stopWords.insert(key)
                        if key.utf8.count <= 4 { stopWordCodes.append(Self.code(of: key.utf8)) }
                    case "plain": plainWords.insert(key)
                    case "packed": packedWords.insert(key)
                    case "unsure": unsureWords.insert(key)
                    case "flavour": flavourWords.insert(key)
                    case "generic": genericWords.insert(key)
                    case "either": eitherWords.insert(key)
                    case "doubt":
                        doubtWords[key, default: []].formUnion(doubted)
                        doubtFoods[key, default: []].formUnion(doubtedFoods)
                    default:
                        if let kind { locationWords[key, default: []].insert(kind) }
                    }
                }
            }
        }
        longestPhrase = kinds.index()
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

    /// A word of up to four bytes packed into one number, its first byte lowest (letters are never 0, so no two words
    /// share one).
    static func code<Bytes: Collection<UInt8>>(of word: Bytes) -> UInt32 {
        var code: UInt32 = 0
        var shift: UInt32 = 0
        for byte in word.prefix(4) {
            code |= UInt32(byte) << shift
            shift += 8
        }
        return code
    }

    /// The key of a lower-case entry: its words (runs of letters, ASCII or beyond, an apostrophe inside a word kept,
    /// as ``GroceryWords/words(_:)`` reads a name) joined by one space, stop words out; `nil` for none.
    private func key(of bytes: Slice<UnsafeBufferPointer<UInt8>>, keepingStopWords: Bool) -> String? {
        var index = KindIndex()
        index.appendKeys(
            ofLine: UnsafeBufferPointer(rebasing: bytes), kind: .produce,
            stopWords: keepingStopWords ? [] : stopWordCodes,
            separatedByCommas: false)
        return index.keys.first
    }

    /// `words: kind <- kinds` (or `<- *`); `...` between words is a gap of any words.
    private mutating func read(override line: String) {
        let halves = line.split(separator: ":", maxSplits: 1)
        guard halves.count == 2 else { return }
        let sides = halves[1].split(separator: "<", maxSplits: 1)
        guard let kind = AisleKind(rawValue: String(sides[0].trimmingSpaces)), sides.count == 2 else { return }
        let targets = sides[1].dropFirst().split(separator: " ").map(String.init)
        let appliesTo = targets == ["*"] ? nil : Set(targets.compactMap(AisleKind.init(rawValue:)))
        // Segments split at `...`; words are runs of letters, as ``GroceryWords/words(_:)`` reads the lower-case
        // entries, split here by bytes (the general reading walks `Character`s: a third of the vocabulary's cost).
        var segments: [[String]] = []
        var words: [String] = []
        var word: [UInt8] = []
        func endWord() {
            if !word.isEmpty { words.append(String(decoding: word, as: UTF8.self)) }
            word.removeAll(keepingCapacity: true)
        }
        let side = Array(halves[0].utf8)
        var index = 0
        while index < side.count {
            let byte = side[index]
            if byte >= 0x80 || (0x61...0x7A).contains(byte | 0x20) {
                word.append(byte)
            } else if byte == UInt8(ascii: "'"), !word.isEmpty, index + 1 < side.count,
                side[index + 1] >= 0x80 || (0x61...0x7A).contains(side[index + 1] | 0x20)
            {
                word.append(byte)
            } else {
                endWord()
                if side[index...].starts(with: "...".utf8) {
                    if !words.isEmpty { segments.append(words) }
                    words = []
                    index += 2
                }
            }
            index += 1
        }
        endWord()
        if !words.isEmpty { segments.append(words) }
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

    /// Whether `word` says a form or a packing (``formWords``), in the singular or the plural (`yolks`, `pods`):
    /// recipes name the parts of a food in the plural as often as not.
    func isForm(_ word: String) -> Bool {
        GroceryWords.stems(word).contains(where: formWords.contains)
    }

    /// The kind of a word or phrase keyed as the vocabulary keys them (words joined by one space), if known.
    func kind(ofKey key: String) -> AisleKind? { kinds[key] }

    /// Every known word and phrase with its kind, built on demand (for tests: the guess looks words up one by one).
    var kindsByKey: [String: AisleKind] { kinds.all }
}

/// The vocabulary's words and phrases of each kind: their keys one after another in one buffer and an open-addressed
/// hash table of their positions, so reading the vocabulary makes no `String` and no dictionary entry per word, and
/// a name's words are looked up by their bytes.
struct KindIndex: Sendable {
    /// One entry: where its key is in ``bytes`` and its kind.
    private struct Entry: Sendable {
        var start: UInt32
        var count: UInt32
        var kind: AisleKind
    }

    /// The keys, one after another.
    private var bytes: [UInt8] = []
    /// The entries, in file order.
    private var entries: [Entry] = []
    /// The hash table: an entry's position plus one, 0 for an empty slot; its size a power of two, at least twice the
    /// entries, so a probe ends soon.
    private var slots: [UInt32] = []

    /// An empty index; `reserving` makes room for the shipped vocabulary's keys at once (40 kB, 3,300 entries).
    init(reserving: Bool = false) {
        guard reserving else { return }
        bytes.reserveCapacity(40_000)
        entries.reserveCapacity(4096)
    }

    /// Adds the comma-separated entries of one line of the vocabulary, of kind `kind`: each keyed as
    /// ``Vocabulary/key(of:keepingStopWords:)`` keys it (words of letters joined by one space, `stopWords` out).
    ///
    /// One tight pass over the line's bytes into a local buffer: most of the vocabulary is these lines, read by every
    /// command that creates an item.
    /// - Parameter separatedByCommas: `false` reads the line as one entry, commas and all (the key of a word of
    ///   another section).
    fileprivate mutating func appendKeys(
        ofLine line: UnsafeBufferPointer<UInt8>, kind: AisleKind, stopWords: [UInt32], separatedByCommas: Bool = true
    ) {
        var key = bytes
        bytes = []
        key.reserveCapacity(key.count + line.count)
        var keyStart = key.count
        var wordStart = keyStart
        var index = 0
        while index <= line.count {
            let byte = index < line.count ? line[index] : 0
            index += 1
            if byte >= 0x80 || (0x61...0x7A).contains(byte | 0x20) {
                key.append(byte)
                continue
            }
            if byte == UInt8(ascii: "'"), key.count > wordStart, index < line.count,
                line[index] >= 0x80 || (0x61...0x7A).contains(line[index] | 0x20)
            {
                key.append(byte)
                continue
            }
            // A word ends: a stop word goes (only a word as short as one is compared), a space follows any other.
            if key.count > wordStart {
                if key.count - wordStart <= 4, stopWords.contains(Vocabulary.code(of: key[wordStart...])) {
                    key.removeSubrange(wordStart...)
                }
                if key.count > keyStart, key[key.count - 1] != 0x20 { key.append(0x20) }
                wordStart = key.count
            }
            guard byte == 0 || (separatedByCommas && byte == UInt8(ascii: ",")) else { continue }
            while key.count > keyStart, key[key.count - 1] == 0x20 { key.removeLast() }
            if key.count > keyStart {
                entries.append(Entry(start: UInt32(keyStart), count: UInt32(key.count - keyStart), kind: kind))
            }
            keyStart = key.count
            wordStart = keyStart
        }
        bytes = key
    }

    /// Builds the table once every entry is in (a key listed twice keeps its first kind).
    /// - Returns: the longest key, in words.
    fileprivate mutating func index() -> Int {
        var size = 16
        while size < entries.count * 2 { size *= 2 }
        slots = [UInt32](repeating: 0, count: size)
        var longest = 1
        bytes.withUnsafeBufferPointer { bytes in
            for (position, entry) in entries.enumerated() {
                let key = UnsafeBufferPointer(rebasing: bytes[Int(entry.start)..<Int(entry.start + entry.count)])
                var slot = Self.hash(key) & (size - 1)
                var isNew = true
                while slots[slot] != 0 {
                    let other = entries[Int(slots[slot] - 1)]
                    if key.elementsEqual(bytes[Int(other.start)..<Int(other.start + other.count)]) {
                        isNew = false
                        break
                    }
                    slot = (slot + 1) & (size - 1)
                }
                guard isNew else { continue }
                slots[slot] = UInt32(position + 1)
                longest = max(longest, key.count(where: { $0 == 0x20 }) + 1)
            }
        }
        return longest
    }

    /// FNV-1a of `key`'s bytes.
    private static func hash<Bytes: Sequence<UInt8>>(_ key: Bytes) -> Int {
        var hash: UInt32 = 2_166_136_261
        for byte in key { hash = (hash ^ UInt32(byte)) &* 16_777_619 }
        return Int(hash)
    }

    /// The kind of `key`, if it is known.
    subscript(key: String) -> AisleKind? {
        guard !slots.isEmpty else { return nil }
        let mask = slots.count - 1
        var slot = Self.hash(key.utf8) & mask
        while slots[slot] != 0 {
            let entry = entries[Int(slots[slot] - 1)]
            if Int(entry.count) == key.utf8.count,
                bytes[Int(entry.start)..<Int(entry.start + entry.count)].elementsEqual(key.utf8)
            {
                return entry.kind
            }
            slot = (slot + 1) & mask
        }
        return nil
    }

    /// The keys, in the order they were added.
    fileprivate var keys: [String] {
        entries.map { String(decoding: bytes[Int($0.start)..<Int($0.start + $0.count)], as: UTF8.self) }
    }

    /// Every key with its kind (the first listed).
    var all: [String: AisleKind] {
        var all: [String: AisleKind] = [:]
        for entry in entries {
            let key = String(decoding: bytes[Int(entry.start)..<Int(entry.start + entry.count)], as: UTF8.self)
            if all[key] == nil { all[key] = entry.kind }
        }
        return all
    }
}
