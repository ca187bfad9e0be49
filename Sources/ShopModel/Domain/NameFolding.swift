/// The key that makes names that look alike one name (SPEC 20): Unicode compatibility normalisation
/// (NFKC) and full case folding, so `ｍｉｌｋ` is `milk` and `STRASSE` is `Straße`.
///
/// The standard library composes (NFC) but neither decomposes by compatibility nor folds case fully, and Foundation's
/// normalisation would link ICU into every run. So the scalars that fold are listed in `NameFolding.table` (made by
/// `.tools/make-name-folding-table`), applied scalar by scalar, and the result composed: compatibility and case
/// mappings are both per scalar, and composing puts combining marks in their canonical order.
enum NameFolding {
    /// What each folding scalar becomes, read from the table on first use (only names beyond ASCII need it).
    private static let table: [UInt32: [Unicode.Scalar]] = parse(PackageResources.NameFolding_table)

    /// The folded key of `name`: NFKC and full case folding, composed.
    static func key(_ name: String) -> String {
        var mapped = String.UnicodeScalarView()
        for scalar in name.unicodeScalars {
            if let folded = table[scalar.value] {
                mapped.append(contentsOf: folded)
            } else {
                mapped.append(scalar)
            }
        }
        return String(decoding: String(mapped)._nfcCodeUnits, as: UTF8.self)
    }

    /// Reads `HEX HEX...` lines (a scalar, then what it folds to); `#` lines are comments.
    private static func parse(_ bytes: [UInt8]) -> [UInt32: [Unicode.Scalar]] {
        var table: [UInt32: [Unicode.Scalar]] = [:]
        table.reserveCapacity(5200)
        for line in bytes.split(separator: UInt8(ascii: "\n")) where line.first != UInt8(ascii: "#") {
            let values = line.split(separator: UInt8(ascii: " ")).compactMap { field in
                UInt32(String(decoding: field, as: UTF8.self), radix: 16)
            }
            guard let first = values.first else { continue }
            table[first] = values.dropFirst().compactMap(Unicode.Scalar.init)
        }
        return table
    }
}
