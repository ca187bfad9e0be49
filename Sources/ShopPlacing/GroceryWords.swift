/// How a grocery name is read into words: lower case, letters only, what is in parentheses and after the first comma
/// dropped (`Shrimp (frozen, 1 lb)` is `shrimp`, `Butter, salted` is `butter`).
enum GroceryWords {
    /// The words of `name`, lower-cased, in order; digits and punctuation separate words, an apostrophe between
    /// letters stays in its word (`chef's`).
    static func words(_ name: String) -> [String] {
        var words: [String] = []
        var word = ""
        var depth = 0
        var pendingApostrophe = false
        func finish() {
            if !word.isEmpty { words.append(word) }
            word = ""
            pendingApostrophe = false
        }
        for character in name.lowercased() {
            if character == "(" {
                finish()
                depth += 1
            } else if character == ")" {
                finish()
                depth = max(0, depth - 1)
            } else if depth > 0 {
                continue
            } else if character == "," {
                break
            } else if character.isLetter {
                if pendingApostrophe { word.append("'") }
                pendingApostrophe = false
                word.append(character)
            } else if character == "'" || character == "\u{2019}", !word.isEmpty, !pendingApostrophe {
                pendingApostrophe = true
            } else {
                finish()
            }
        }
        finish()
        return words
    }

    /// `word` and the singulars it may be the plural of, most likely first: English (`berries` → `berry`,
    /// `tomatoes` → `tomato`, `apples` → `apple`) and German (`Tomaten` → `Tomate`, `Eier` → `Ei`). Wrong
    /// singulars do no harm: only those that name a known word are ever used.
    static func stems(_ word: String) -> [String] {
        var stems = [word]
        guard word.count > 3 else { return stems }
        if word.hasSuffix("ies") { stems.append(String(word.dropLast(3)) + "y") }
        if ["ses", "xes", "ches", "shes", "oes", "zes"].contains(where: word.hasSuffix) {
            stems.append(String(word.dropLast(2)))
        }
        if word.hasSuffix("s"), !word.hasSuffix("ss") { stems.append(String(word.dropLast())) }
        if word.hasSuffix("n") { stems.append(String(word.dropLast())) }
        if word.hasSuffix("er"), word.count > 4 { stems.append(String(word.dropLast(2))) }
        if word.hasSuffix("e") { stems.append(String(word.dropLast())) }
        return stems
    }
}
