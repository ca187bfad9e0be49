/// Word units (`can`, `bunch`, `gousse`): when two spellings are one unit (SPEC section 14).
///
/// A word unit is not made singular by English rules (they would make French `branches` into `branch`). Two
/// spellings are one unit only when both are in the table of English word units below (`bunch`/`bunches`), or when
/// one is the other plus `s` (`gousse`/`gousses`); any other word is kept as written (`gros` stays `gros`).
package enum WordUnits {
    /// The English word units, singular and plural, by any of their spellings (lowercased) to the
    /// singular: they are shown in the plural after a number other than one.
    package static let english: [String: String] = {
        var table: [String: String] = [:]
        for (singular, plural) in pairs {
            table[singular] = singular
            table[plural] = singular
        }
        return table
    }()

    static let plurals: [String: String] = Dictionary(uniqueKeysWithValues: pairs)

    private static let pairs: [(String, String)] = [
        ("bag", "bags"), ("bar", "bars"), ("block", "blocks"), ("bottle", "bottles"), ("box", "boxes"),
        ("bulb", "bulbs"), ("bunch", "bunches"), ("can", "cans"), ("carton", "cartons"), ("clove", "cloves"),
        ("cube", "cubes"), ("dash", "dashes"), ("drop", "drops"), ("ear", "ears"), ("fillet", "fillets"),
        ("glass", "glasses"), ("handful", "handfuls"), ("head", "heads"), ("item", "items"), ("jar", "jars"),
        ("knob", "knobs"), ("leaf", "leaves"), ("link", "links"), ("loaf", "loaves"), ("pack", "packs"),
        ("package", "packages"), ("packet", "packets"), ("piece", "pieces"), ("pinch", "pinches"),
        ("pot", "pots"), ("punnet", "punnets"), ("rasher", "rashers"), ("sachet", "sachets"),
        ("scoop", "scoops"), ("sheet", "sheets"), ("slice", "slices"), ("splash", "splashes"),
        ("sprig", "sprigs"), ("stalk", "stalks"), ("stick", "sticks"), ("strip", "strips"), ("tin", "tins"),
        ("tub", "tubs"), ("wedge", "wedges"),
    ]

    /// What identifies a word not in the table, lowercased: the word without one final `s` (so `gousses`
    /// and `gousse` are one unit, and so are `gros` and `gro`); a word ending in `ss` is kept whole.
    static func key(_ lowercased: String) -> String {
        guard lowercased.count > 1, lowercased.hasSuffix("s"), !lowercased.hasSuffix("ss") else { return lowercased }
        return String(lowercased.dropLast())
    }
}
