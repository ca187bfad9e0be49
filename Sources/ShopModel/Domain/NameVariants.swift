/// The English singular and plural of a name's key (SPEC 16: names as people type them): `onion` finds `Onions`,
/// `tomatoes` finds `Tomato`, `berry` finds `Berries`. Only the last word changes (`red onion` and `red onions`); the
/// rules are the regular ones, so an irregular plural (`mice`) is found by prefix or "did you mean", never by a guess.
public enum NameVariants {
    /// The other forms of `key` (a ``NameOrder/key(_:)``), most likely first; never `key` itself.
    public static func of(_ key: String) -> [String] {
        guard let last = key.unicodeScalars.last, last.properties.isAlphabetic else { return [] }
        var forms: [String] = []
        if key.hasSuffix("ies"), key.count > 4 {
            forms.append(String(key.dropLast(3)) + "y")
        }
        for ending in ["oes", "ches", "shes", "xes", "sses", "zes"]
        where key.hasSuffix(ending) && key.count > ending.count + 1 {
            forms.append(String(key.dropLast(2)))
        }
        if key.hasSuffix("s"), !key.hasSuffix("ss"), key.count > 2 {
            forms.append(String(key.dropLast()))
        }
        guard forms.isEmpty || key.hasSuffix("ss") else { return forms }
        // Singular to plural.
        let beforeY = key.dropLast().last.map { !"aeiou".contains($0) } ?? false
        if key.hasSuffix("y"), beforeY {
            forms.append(String(key.dropLast()) + "ies")
        } else if ["o", "ch", "sh", "x", "s", "z"].contains(where: key.hasSuffix) {
            forms.append(key + "es")
        }
        if !key.hasSuffix("s") { forms.append(key + "s") }
        return forms
    }
}
