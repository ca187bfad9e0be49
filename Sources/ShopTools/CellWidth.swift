/// How many terminal cells text takes (SPEC section 9), for aligning columns and fitting lines.
///
/// Code points get their width from ``runs`` (generated from Unicode data by `.tools/gen-cell-width.py`); a grapheme
/// cluster adds up its code points (a base letter with combining marks is 1, a Devanagari conjunct 2, as terminals
/// draw them), except an emoji cluster, which a terminal draws as one two-cell picture.
public enum CellWidth {
    /// The cells of one code point: 0, 1 or 2.
    public static func of(_ scalar: Unicode.Scalar) -> Int {
        let value = scalar.value
        // Below the combining diacritics every code point is one cell (the table agrees): no search.
        if value < 0x300 { return 1 }
        var low = 0
        var high = runs.count - 1
        // The last run starting at or before `value`; runs[0] starts at 0, so there always is one.
        while low < high {
            let middle = (low + high + 1) / 2
            if runs[middle] >> 2 <= value { low = middle } else { high = middle - 1 }
        }
        return Int(runs[low] & 3)
    }

    /// The cells of one grapheme cluster.
    public static func of(_ character: Character) -> Int {
        let scalars = character.unicodeScalars
        var iterator = scalars.makeIterator()
        guard let first = iterator.next() else { return 0 }
        guard let second = iterator.next() else { return of(first) }
        if isEmojiCluster(first: first, second: second, scalars) { return 2 }
        var total = 0
        for scalar in scalars { total += of(scalar) }
        return total
    }

    /// Whether a cluster of two or more code points is drawn as one emoji: a flag (two regional indicators), a keycap
    /// (`1️⃣`), anything with U+FE0F, a skin tone, a tag sequence, or a ZWJ sequence that joins a wide pictograph
    /// (`👨‍👩‍👧`). A ZWJ between letters (Indic half forms) is not one.
    private static func isEmojiCluster(
        first: Unicode.Scalar, second: Unicode.Scalar, _ scalars: Character.UnicodeScalarView
    ) -> Bool {
        if isRegionalIndicator(first) && isRegionalIndicator(second) { return true }
        var joins = false
        var wide = false
        for scalar in scalars {
            switch scalar.value {
            case 0xFE0F, 0x20E3, 0x1F3FB...0x1F3FF, 0xE0020...0xE007F: return true
            case 0x200D: joins = true
            default: if of(scalar) == 2 { wide = true }
            }
        }
        return joins && wide
    }

    private static func isRegionalIndicator(_ scalar: Unicode.Scalar) -> Bool {
        (0x1F1E6...0x1F1FF).contains(scalar.value)
    }
}

/// The number of terminal cells `text` takes: East Asian wide and fullwidth characters and emoji 2, combining marks and
/// zero-width characters 0, an emoji cluster 2. `text` is expected to be shown already (control characters escaped, see
/// ``Escape/forTerminal(_:)``); escape sequences are not skipped here (``CellText/visibleWidth(_:)`` does that).
///
/// Inlinable: generic over the text, it is specialised where `shop` calls it (unspecialised it was measurably slower:
/// see .bench/figures-in-code.md).
@inlinable
public func cellWidth(of text: some StringProtocol) -> Int {
    // Fast path: ASCII is one cell a byte, and most names are ASCII.
    var ascii = true
    for byte in text.utf8 where byte >= 0x80 {
        ascii = false
        break
    }
    if ascii { return text.utf8.count }
    // Code points below the combining diacritics are one cell each and never make an emoji cluster, so text of only
    // those (`2 × 3.50`, `Crème fraîche`) is as many cells as code points: no grapheme breaking.
    var scalars = 0
    for scalar in text.unicodeScalars {
        guard scalar.value < 0x300 else {
            scalars = -1
            break
        }
        scalars += 1
    }
    if scalars >= 0 { return scalars }
    var total = 0
    for character in text { total += CellWidth.of(character) }
    return total
}
