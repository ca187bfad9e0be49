import ShopModel

/// Strips Cooklang comments from lines read in order: `--` to the end of a line, and `[- ... -]`, which
/// may span lines (the state carries over from one line to the next). Recipes and meal plans share it.
struct CooklangComments {
    /// Whether a `[-` is open and not yet closed.
    private(set) var inBlockComment = false

    /// The line without its comments, and without the white space that stood before a comment.
    mutating func strip(_ line: Substring) -> Substring {
        // Most lines hold no comment: with no `-` at all, there is nothing to strip.
        if !inBlockComment, !line.utf8.contains(UInt8(ascii: "-")) { return line }
        var kept = ""
        var index = line.startIndex
        var sawComment = false
        while index < line.endIndex {
            let rest = line[index...]
            if inBlockComment {
                guard let end = rest.firstRange(of: "-]") else { return Substring(kept) }
                inBlockComment = false
                index = end.upperBound
            } else if rest.hasPrefix("[-") {
                inBlockComment = true
                index = line.index(index, offsetBy: 2)
            } else if rest.hasPrefix("--") {
                sawComment = true
                break
            } else {
                kept.append(line[index])
                index = line.index(after: index)
            }
        }
        if sawComment {
            while kept.last == " " || kept.last == "\t" { kept.removeLast() }
        }
        return Substring(kept)
    }
}

extension String {
    /// The lines of a text file, accepting `\n` and `\r\n` endings.
    var cooklangLines: [Substring] {
        split(omittingEmptySubsequences: false, whereSeparator: { $0 == "\n" || $0 == "\r\n" })
            .map { $0.hasSuffix("\r") ? $0.dropLast() : $0 }
    }
}
