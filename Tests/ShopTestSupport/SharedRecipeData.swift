import Foundation

/// The shared data of SPEC section 19 beside the repository (`../shared`): recipe pages with the answers
/// recipe-scrapers' tests expect, and ingredient lines labelled by hand. Tests read it in place; the pages'
/// archive is unpacked into a temporary folder, never into the repository.
package enum SharedRecipeData {
    /// `../shared` from the repository, if it is there.
    package static var folder: URL? {
        let repository = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent()
        let shared = repository.deletingLastPathComponent().appendingPathComponent("shared")
        let archive = shared.appendingPathComponent("recipe-pages/recipe-pages-dev.tar.xz")
        return FileManager.default.fileExists(atPath: archive.path) ? shared : nil
    }

    /// Whether `tar` can unpack the `.tar.xz` here (it needs `xz`).
    package static var canUnpack: Bool {
        ["/usr/bin/xz", "/bin/xz", "/usr/local/bin/xz"].contains { FileManager.default.isExecutableFile(atPath: $0) }
    }

    /// Unpacks the pages into a new temporary folder (the caller removes it).
    package static func unpackPages(from shared: URL) throws -> URL {
        let target = FileManager.default.temporaryDirectory.appendingPathComponent("shop-recipe-pages-\(UUID())")
        try FileManager.default.createDirectory(at: target, withIntermediateDirectories: true)
        let tar = Process()
        tar.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        tar.arguments = [
            "tar", "-xJf", shared.appendingPathComponent("recipe-pages/recipe-pages-dev.tar.xz").path, "-C",
            target.path,
        ]
        try tar.run()
        tar.waitUntilExit()
        guard tar.terminationStatus == 0 else { throw CocoaError(.fileReadCorruptFile) }
        return target
    }

    /// One labelled line: the input and the labels of name, quantity (`#1$2`, `1#1$2`, `2-3`) and unit.
    package struct LabelledLine {
        package var input: String
        package var name: String
        package var quantities: [String]
        package var units: [String]
        /// The held-out fifth, by a hash of the line: never looked at while tuning the parser.
        package var isHeldOut: Bool {
            var hash: UInt64 = 14_695_981_039_346_656_037
            for byte in input.utf8 { hash = (hash ^ UInt64(byte)) &* 1_099_511_628_211 }
            return hash % 5 == 0
        }
    }

    /// The labelled lines of both files (rows with no label skipped, as the README says).
    package static func labelledLines(in shared: URL) throws -> [LabelledLine] {
        var lines: [LabelledLine] = []
        for file in ["tastecooking-ingredients-snapshot-2024.csv", "cookstr-ingredients-snapshot-2017.csv"] {
            let text = try String(
                contentsOf: shared.appendingPathComponent("ingredient-lines/\(file)"), encoding: .utf8)
            for row in csvRows(text).dropFirst() where row.count >= 4 {
                guard !(row[1].isEmpty && row[2].isEmpty && row[3].isEmpty) else { continue }
                // `fl oz` is one unit in the labels.
                let units = row[3].replacingOccurrences(of: "fl oz", with: "fl_oz").split(separator: " ").map {
                    $0.replacingOccurrences(of: "fl_oz", with: "fl oz")
                }
                lines.append(
                    LabelledLine(
                        input: row[0], name: row[1], quantities: row[2].split(separator: " ").map(String.init),
                        units: units))
            }
        }
        return lines
    }

    /// RFC 4180 rows.
    package static func csvRows(_ text: String) -> [[String]] {
        var rows: [[String]] = []
        var row: [String] = []
        var field = ""
        var quoted = false
        var scalars = text.unicodeScalars.makeIterator()
        var pending: Unicode.Scalar? = nil
        while let scalar = pending ?? scalars.next() {
            pending = nil
            if quoted {
                if scalar == "\"" {
                    let next = scalars.next()
                    if next == "\"" {
                        field.unicodeScalars.append("\"")
                    } else {
                        quoted = false
                        pending = next
                    }
                } else {
                    field.unicodeScalars.append(scalar)
                }
            } else if scalar == "\"" {
                quoted = true
            } else if scalar == "," {
                row.append(field)
                field = ""
            } else if scalar == "\n" {
                row.append(field)
                rows.append(row)
                (row, field) = ([], "")
            } else if scalar != "\r" {
                field.unicodeScalars.append(scalar)
            }
        }
        if !field.isEmpty || !row.isEmpty { rows.append(row + [field]) }
        return rows
    }
}
