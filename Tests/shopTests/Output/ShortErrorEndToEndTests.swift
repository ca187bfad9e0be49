import Foundation
import ShopTools
import Testing

@testable import shop

/// Every kind of error quotes at most 60 cells of any value it repeats, cut with `…` (SPEC section 9):
/// a 100,000-character name must not come back as 100,000 characters of error.
@Suite("Short errors")
struct ShortErrorEndToEndTests {
    static let huge = String(repeating: "a", count: 100_000)
    static let hugeWide = String(repeating: "牛", count: 5_000)

    /// Runs `arguments`, expects `status` and an `Error:` that repeats at most 60 cells of `value`, cut
    /// with `…`. The values are made of one repeated character, so any longer quotation of them would
    /// contain their first 61 cells.
    private func expectShort(
        _ shop: ShopProcess, _ arguments: [String], status: Int32, repeating value: String,
        sourceLocation: SourceLocation = #_sourceLocation
    ) throws {
        let outcome = try shop.run(arguments)
        #expect(outcome.status == status, "\(outcome.status)", sourceLocation: sourceLocation)
        #expect(outcome.stderr.hasPrefix("Error: "), sourceLocation: sourceLocation)
        #expect(
            outcome.stderr.utf8.count < 1_500, "\(outcome.stderr.utf8.count) bytes of error",
            sourceLocation: sourceLocation)
        var tooLong = ""
        for character in value where cellWidth(of: tooLong) <= Quoted.maximumCells { tooLong.append(character) }
        #expect(!outcome.stderr.contains(tooLong), "\(outcome.stderr)", sourceLocation: sourceLocation)
        #expect(outcome.stderr.contains("…"), "\(outcome.stderr)", sourceLocation: sourceLocation)
        if status == 64 { #expect(outcome.stderr.contains("\nUsage: shop"), sourceLocation: sourceLocation) }
    }

    @Test func namesAndLocations() throws {
        let shop = try ShopProcess()
        defer { shop.remove() }
        try shop.run(["add", "milk"])
        try expectShort(shop, ["show", Self.huge], status: 1, repeating: Self.huge)  // unknown item
        // Unknown item, wide characters:
        try expectShort(shop, ["buy", Self.hugeWide], status: 1, repeating: Self.hugeWide)
        try expectShort(shop, ["list", "--location", Self.huge], status: 1, repeating: Self.huge)  // unknown location
        try expectShort(shop, ["add", "eggs", "-l", Self.hugeWide], status: 1, repeating: Self.hugeWide)
        try expectShort(shop, ["location", "remove", Self.huge], status: 1, repeating: Self.huge)
        // A name over 200 characters:
        try expectShort(shop, ["add", String(Self.huge.prefix(300))], status: 1, repeating: Self.huge)
        // A bad note:
        try expectShort(shop, ["edit", "milk", "--note", "x\u{1}" + Self.huge], status: 1, repeating: Self.huge)
        // A bad colour:
        try expectShort(shop, ["location", "add", "Deli", "--color", Self.huge], status: 1, repeating: Self.huge)
        try expectShort(
            shop, ["add", "eggs", "--price", "1." + String(repeating: "9", count: 5_000)], status: 1,
            repeating: String(repeating: "9", count: 5_000))
    }

    @Test func candidatesInHints() throws {
        let shop = try ShopProcess()
        defer { shop.remove() }
        let long = String(repeating: "ｆ", count: 90)  // 180 cells, under 200 characters
        try shop.run(["add", long + "one", long + "two"])
        try expectShort(shop, ["show", long], status: 1, repeating: long)  // ambiguous: both named
        try expectShort(shop, ["show", long + "three"], status: 1, repeating: long)  // not found: did you mean ...
    }

    @Test func usageErrors() throws {
        let shop = try ShopProcess()
        defer { shop.remove() }
        try expectShort(shop, [Self.huge], status: 64, repeating: Self.huge)  // unknown command
        try expectShort(shop, ["list", "--" + Self.huge], status: 64, repeating: Self.huge)  // unknown option
        try expectShort(shop, ["list", "--format", Self.huge], status: 64, repeating: Self.huge)  // bad option value
        try expectShort(shop, ["--color", Self.hugeWide, "list"], status: 64, repeating: Self.hugeWide)
        // A word where a number is required:
        try expectShort(shop, ["add", "eggs", "-q", Self.huge], status: 64, repeating: Self.huge)
        try expectShort(shop, ["show", "milk", Self.huge], status: 64, repeating: Self.huge)  // unexpected argument
        try expectShort(shop, ["location", Self.huge], status: 64, repeating: Self.huge)  // unknown subcommand
        try expectShort(shop, ["help", Self.huge], status: 64, repeating: Self.huge)
        try expectShort(
            shop, ["add", "eggs", "-q", String(repeating: "9", count: 5_000)], status: 1,
            repeating: String(repeating: "9", count: 5_000))  // out of range
    }

    @Test func paths() throws {
        let shop = try ShopProcess()
        defer { shop.remove() }
        // Below a regular file, so that even root cannot create the folders.
        let blocker = shop.folder.appendingPathComponent("blocker").path
        _ = FileManager.default.createFile(atPath: blocker, contents: Data())
        let folders = (0..<40).map { "folder-\($0)-" + String(repeating: "x", count: 40) }.joined(separator: "/")
        let missing = blocker + "/" + folders + "/items.json"
        for arguments in [["import", missing], ["--file", missing, "add", "eggs"], ["export", "-o", missing]] {
            let outcome = try shop.run(arguments)
            #expect(outcome.status == 74, "\(arguments[0]): \(outcome)")
            let quoted = try #require(outcome.stderr.firstMatch(of: #/'([^'\n]*)'/#)?.output.1)
            #expect(cellWidth(of: quoted) <= Quoted.maximumCells, "\(quoted)")
            #expect(outcome.stderr.utf8.count < 300, "\(outcome.stderr)")
            // A write names the folder that could not be made (here, short); a read the whole path, cut.
            guard arguments[0] == "import" else { continue }
            #expect(cellWidth(of: quoted) == Quoted.maximumCells, "\(quoted)")
            #expect(
                quoted.hasSuffix("/items.json") && quoted.contains("…"), "a cut path keeps its file name: \(quoted)")
        }
    }

    @Test func aDataFileErrorNamingARecord() throws {
        let shop = try ShopProcess()
        defer { shop.remove() }
        try shop.run(["add", "milk"])
        let text = String(decoding: try #require(shop.dataBytes()), as: UTF8.self)
            .replacingOccurrences(of: "\"milk\"", with: "\"\(Self.huge)\"")
            .replacingOccurrences(of: "\"quantity\" : 1", with: "\"quantity\" : \"one\"")
        try Data(text.utf8).write(to: shop.dataFile)
        try expectShort(shop, ["list"], status: 65, repeating: Self.huge)
        let outcome = try shop.run(["list"])
        // The record is named by its name, cut to 60 cells (the wording around it is the codec's).
        #expect(outcome.stderr.contains("\"" + String(repeating: "a", count: 59) + "…\""), "\(outcome.stderr)")
    }

    @Test func aDataFileErrorEscapesANameAsEverythingElseDoes() throws {
        let shop = try ShopProcess()
        defer { shop.remove() }
        try shop.run(["add", "milk"])
        let text = String(decoding: try #require(shop.dataBytes()), as: UTF8.self)
            .replacingOccurrences(of: "\"milk\"", with: "\"esc\\u001b[2J\"")
            .replacingOccurrences(of: "\"quantity\" : 1", with: "\"quantity\" : \"one\"")
        try Data(text.utf8).write(to: shop.dataFile)
        let outcome = try shop.run(["list"])
        #expect(outcome.status == 65)
        #expect(outcome.stderr.contains("item \"esc\\e[2J\""), "\(outcome.stderr)")
        #expect(Quoted.value("esc\u{1b}[2J") == "'esc\\e[2J'")
    }
}
