/// Text from a web page as a browser shows it (SPEC section 19): character references decoded (repeatedly, so
/// `&amp;frac12;` is `½`), anything that looks like a tag removed, non-breaking spaces as spaces, zero-width spaces
/// dropped, every run of white space one space, the ends trimmed, and `((`/`))` undone when a line holds both.
public enum HTMLText {
    /// The cleaned text of `raw` (a JSON-LD string or an element's inner HTML).
    public static func clean(_ raw: some StringProtocol) -> String {
        var text = String(raw)
        // Decoding may reveal another reference (`&amp;frac12;`); a few rounds are enough for any page.
        for _ in 0..<4 {
            let decoded = decodingReferences(text)
            if decoded == text { break }
            text = decoded
        }
        text = removingTags(text)
        if text.contains("((") && text.contains("))") {
            text = text.replacing("((", with: "(").replacing("))", with: ")")
        }
        return collapsingWhiteSpace(text)
    }

    /// `&amp;`, `&#189;`, `&#xBD;` and the named references pages use, decoded once; an unknown one stays as written.
    public static func decodingReferences(_ text: String) -> String {
        guard text.contains("&") else { return text }
        var result = ""
        result.reserveCapacity(text.utf8.count)
        var index = text.startIndex
        while let ampersand = text[index...].firstIndex(of: "&") {
            result += text[index..<ampersand]
            let afterAmpersand = text.index(after: ampersand)
            // A reference is short: look at most 32 characters ahead for its `;`.
            let window = text[afterAmpersand...].prefix(32)
            if let semicolon = window.firstIndex(of: ";"),
                let decoded = character(for: text[afterAmpersand..<semicolon])
            {
                result.append(decoded)
                index = text.index(after: semicolon)
            } else {
                result.append("&")
                index = afterAmpersand
            }
        }
        result += text[index...]
        return result
    }

    /// The character a reference's body names (`amp`, `#189`, `#xBD`), or `nil`.
    private static func character(for body: Substring) -> Character? {
        if body.hasPrefix("#") {
            let digits = body.dropFirst()
            let value: UInt32?
            if digits.first == "x" || digits.first == "X" {
                value = UInt32(digits.dropFirst(), radix: 16)
            } else {
                value = UInt32(digits, radix: 10)
            }
            guard let value, value != 0, let scalar = Unicode.Scalar(value) else { return nil }
            return Character(scalar)
        }
        return HTMLEntities.named[String(body)]
    }

    /// Removes everything from a `<` that opens a tag (a letter, `/` or `!` follows) to the next `>`.
    static func removingTags(_ text: String) -> String {
        guard text.contains("<") else { return text }
        var result = ""
        var index = text.startIndex
        while let open = text[index...].firstIndex(of: "<") {
            result += text[index..<open]
            let next = text.index(after: open)
            if next < text.endIndex, text[next].isLetter || text[next] == "/" || text[next] == "!",
                let close = text[next...].firstIndex(of: ">")
            {
                // A block tag or a line break stands between words (`a<br>b` reads `a b`); an inline one does not.
                if isBlockTag(text[next..<close]) { result += " " }
                index = text.index(after: close)
            } else {
                result.append("<")
                index = next
            }
        }
        result += text[index...]
        return result
    }

    /// Whether a tag's text (`br`, `/p`, `li class="x"`) names an element a browser sets apart.
    private static func isBlockTag(_ tag: Substring) -> Bool {
        var name = tag.drop { $0 == "/" }.prefix { $0.isLetter || $0.isNumber }.lowercased()
        if name.hasPrefix("h"), name.count == 2, name.last!.isNumber { name = "h1" }
        return HTMLTree.blockElements.contains(name)
            || ["hr", "article", "header", "footer", "dd", "dt"].contains(name)
    }

    /// Every run of white space (non-breaking spaces included) as one space; zero-width spaces dropped; ends trimmed.
    static func collapsingWhiteSpace(_ text: String) -> String {
        var result = ""
        result.reserveCapacity(text.utf8.count)
        var pendingSpace = false
        for scalar in text.unicodeScalars {
            if scalar == "\u{200B}" || scalar == "\u{FEFF}" || scalar == "\u{200C}" || scalar == "\u{200D}" { continue }
            if scalar.properties.isWhitespace {
                pendingSpace = !result.isEmpty
                continue
            }
            if pendingSpace {
                result.unicodeScalars.append(" ")
                pendingSpace = false
            }
            result.unicodeScalars.append(scalar)
        }
        return result
    }
}
