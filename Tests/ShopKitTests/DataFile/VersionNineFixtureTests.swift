import Foundation
import Testing

@testable import ShopFormats
@testable import ShopKit
@testable import ShopModel

/// Version 9 files (the shared log marker of SPEC 23) load forever: `Fixtures/version9` holds what `shop` wrote just
/// before version 10 (the every-key data file, its log and its export, from `DataFileLayoutTests`). Each reads back to
/// the same records, with no location guessed, and is written again as version 10 with no other byte changed.
@Suite struct VersionNineFixtureTests {
    static let folder = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent()
        .appendingPathComponent("Fixtures/version9")

    static func bytes(_ name: String) throws -> [UInt8] {
        try [UInt8](Data(contentsOf: folder.appendingPathComponent(name)))
    }

    /// The text as the current version writes it: only the version differs.
    static func asCurrentVersion(_ bytes: [UInt8]) -> [UInt8] {
        let text = String(decoding: bytes, as: UTF8.self)
        return Array(text.replacingOccurrences(of: "\"version\" : 9\n", with: "\"version\" : 10\n").utf8)
    }

    @Test func theDataFileReadsAndIsWrittenAgainUnchanged() throws {
        let bytes = try Self.bytes("shop.json")
        #expect(String(decoding: bytes, as: UTF8.self).contains("\"version\" : 9\n"))
        let list = try DataFileCodec.decode(bytes, path: "v9")
        #expect(list.items.count > 5 && list.items.allSatisfy { $0.locationGuess == nil })
        #expect(list.logMarker?.digest != nil)
        #expect(DataFileCodec.encode(list) == Self.asCurrentVersion(bytes))
    }

    @Test func theLogReadsAndIsWrittenAgainUnchanged() throws {
        let bytes = try Self.bytes("shop.json.purchases")
        let contents = try PurchaseLogFile.contents(bytes, path: "v9 log")
        let purchases = PurchaseLogFile.live(contents)
        #expect(!purchases.isEmpty)
        let lines = Set(String(decoding: bytes, as: UTF8.self).split(separator: "\n"))
        let written = String(
            decoding: PurchaseLogFile.lines(added: purchases, deleted: [], stock: PurchaseLogFile.liveStock(contents)),
            as: UTF8.self)
        for line in written.split(separator: "\n") { #expect(lines.contains(line), "\(line)") }
    }

    @Test func theExportReadsAndIsWrittenAgainUnchanged() throws {
        let bytes = try Self.bytes("export.json")
        let list = try DataFileCodec.decode(bytes, path: "v9 export")
        #expect(!list.log.purchases.isEmpty)
        #expect(DataFileCodec.encode(list, includingPurchases: true) == Self.asCurrentVersion(bytes))
    }

    /// The guess's record reads back as written (version 10).
    @Test func aGuessedLocationReadsBack() throws {
        let written = DataFileCodec.encode(try DataFileLayoutTests.fixedList())
        #expect(String(decoding: written, as: UTF8.self).contains("\"locationGuess\" : \"'bread'\""))
        let list = try DataFileCodec.decode(written, path: "v10")
        #expect(list.item(named: "Bread")?.locationGuess == "'bread'")
    }
}
