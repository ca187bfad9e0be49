import Foundation
import Testing

/// The list and its rules must not know how they are stored (issue 25): no file of
/// `Sources/ShopModel/Domain` names a type declared in `Sources/ShopModel/DataFile`, not even in a comment,
/// so the file format can change without touching the rules. The check reads the sources themselves,
/// which are found from this file's own path.
@Suite struct DomainLayerTests {
    static let sources = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent().appendingPathComponent("Sources/ShopModel")

    /// The Swift files under `folder`, with their text.
    static func swiftFiles(in folder: String) throws -> [(path: String, text: String)] {
        let root = sources.appendingPathComponent(folder)
        let paths = FileManager.default.enumerator(atPath: root.path)?.compactMap { $0 as? String } ?? []
        return try paths.filter { $0.hasSuffix(".swift") }.sorted().map { path in
            (folder + "/" + path, try String(contentsOf: root.appendingPathComponent(path), encoding: .utf8))
        }
    }

    /// The names of the types a file declares at its top level (an unindented `struct`, `enum`, `class`,
    /// `actor`, `protocol` or `typealias`, with any access word before it). Nested types are left out:
    /// their short names (`Reading`, `Contents`) are common words elsewhere.
    static func topLevelTypes(_ text: String) -> [String] {
        let kinds: Set<Substring> = ["struct", "enum", "class", "actor", "protocol", "typealias"]
        let modifiers: Set<Substring> = ["public", "internal", "package", "fileprivate", "private", "final"]
        return text.split(separator: "\n").compactMap { line in
            guard let first = line.first, first.isLetter else { return nil }
            let words = line.split(whereSeparator: { !($0.isLetter || $0.isNumber || $0 == "_") })
            guard let kind = words.firstIndex(where: { !modifiers.contains($0) }), kinds.contains(words[kind]),
                kind + 1 < words.count
            else { return nil }
            return String(words[kind + 1])
        }
    }

    /// Every identifier in a text (letters, digits and `_`).
    static func identifiers(_ text: String) -> Set<Substring> {
        Set(text.split(whereSeparator: { !($0.isLetter || $0.isNumber || $0 == "_") }))
    }

    @Test func theParserFindsTopLevelTypesOnly() {
        let text =
            "/// enum Comment {}\npublic struct Store {\n    enum Nested {}\n}\nfinal class Box {}\nextension X {}\n"
        #expect(Self.topLevelTypes(text) == ["Store", "Box"])
    }

    @Test func domainNamesNoDataFileType() throws {
        let dataFileTypes = try Set(Self.swiftFiles(in: "DataFile").flatMap { Self.topLevelTypes($0.text) })
        // A sanity check that the folder was found and read.
        #expect(dataFileTypes.contains("DataFileStore"))
        let domain = try Self.swiftFiles(in: "Domain")
        #expect(!domain.isEmpty)
        for (path, text) in domain {
            let named = Self.identifiers(text).filter { dataFileTypes.contains(String($0)) }.sorted()
            #expect(named.isEmpty, "\(path) names \(named.joined(separator: ", ")) of DataFile")
        }
    }
}
