/// Whether a command printed what the README shows, and if not, the first line that differs.
///
/// The rules, as the README's Development section states them: lines are compared without trailing
/// spaces; a date (`2026-11-23`, or a time stamp `2026-11-23T10:00:00Z`) matches any date, and an ISO week
/// (`2026-W48`) any week; a shown line
/// that is `...` alone (indented or not) stands for any number of lines (none included); a shown line that ends in `...`
/// matches a printed line that starts with the text before the dots.
enum ReadmeOutputMatch {
    /// What one shown line accepts.
    enum Pattern: Equatable {
        case anyLines
        case prefix(String)
        case exact(String)

        init(_ shown: String) {
            let text = ReadmeOutputMatch.normalized(shown)
            if text.drop(while: \.isWhitespace) == "..." {
                self = .anyLines
            } else if text.hasSuffix("...") {
                self = .prefix(String(text.dropLast(3)))
            } else {
                self = .exact(text)
            }
        }

        func accepts(_ printed: String) -> Bool {
            switch self {
            case .anyLines: true
            case .prefix(let start): printed.hasPrefix(start)
            case .exact(let text): printed == text
            }
        }
    }

    /// Where the output first parts from the README.
    struct Difference: Equatable {
        /// The index of the shown line that was not matched; `nil` when everything shown was printed and
        /// the output goes on.
        var shownIndex: Int?
        /// The printed line found instead; `nil` at the end of the output.
        var printed: String?
        /// Whether the shown line came after a `...` and was not found anywhere after it.
        var afterAnyLines = false
    }

    /// A line with its trailing spaces cut and every date or time stamp replaced by one placeholder.
    static func normalized(_ line: String) -> String {
        var text = Substring(line)
        while text.last?.isWhitespace == true { text = text.dropLast() }
        return String(text).replacing(#/\d{4}-\d{2}-\d{2}(T\d{2}:\d{2}(:\d{2}(\.\d+)?)?Z?)?/#, with: "<date>")
            .replacing(#/\d{4}-W\d{2}/#, with: "<week>")
    }

    /// `nil` when `printed` matches `shown`, else the first difference: the deepest shown line any way of
    /// matching reached (with the furthest printed line it was tried against).
    static func firstDifference(shown: [String], printed: [String]) -> Difference? {
        let patterns = shown.map(Pattern.init)
        let lines = printed.map(normalized)
        var failed: Set<[Int]> = []
        var deepest: (shown: Int, printed: Int)?

        func matches(_ i: Int, _ j: Int) -> Bool {
            if failed.contains([i, j]) { return false }
            let found: Bool
            if i == patterns.count {
                found = j == lines.count
            } else if patterns[i] == .anyLines {
                found = (j...lines.count).contains { matches(i + 1, $0) }
            } else {
                found = j < lines.count && patterns[i].accepts(lines[j]) && matches(i + 1, j + 1)
            }
            if !found {
                failed.insert([i, j])
                if deepest.map({ i > $0.shown || (i == $0.shown && j > $0.printed) }) ?? true { deepest = (i, j) }
            }
            return found
        }

        guard !matches(0, 0), let (i, j) = deepest else { return nil }
        return Difference(
            shownIndex: i < patterns.count ? i : nil, printed: j < printed.count ? printed[j] : nil,
            afterAnyLines: i > 0 && i < patterns.count && patterns[i - 1] == .anyLines)
    }
}
