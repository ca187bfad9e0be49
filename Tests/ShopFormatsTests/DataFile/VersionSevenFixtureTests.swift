import Foundation
import ShopHistory
import ShopJSON
import ShopModelTests
import Testing

@testable import ShopFormats
@testable import ShopModel

/// Version 7 files (stock, four-decimal store prices) load forever: `Fixtures/version7` holds what `shop`
/// wrote just before version 8 (the every-key data file, its log and its export, from `DataFileLayoutTests`),
/// and each reads back to the same records, written again as the current version with no other byte changed: a
/// version 7 price has no exact ratio to add.
@Suite struct VersionSevenFixtureTests {
    static let fixture = VersionFixture(version: 7)

    static func bytes(_ name: String) throws -> [UInt8] { try fixture.bytes(name) }

    static func asCurrentVersion(_ bytes: [UInt8]) -> [UInt8] { fixture.asCurrentVersion(bytes) }

    @Test func theDataFileReadsAndIsWrittenAgainUnchanged() throws {
        let bytes = try Self.bytes("shop.json")
        #expect(String(decoding: bytes, as: UTF8.self).contains("\"version\" : 7\n"))
        let file = try DataFileCodec.decodeLogged(bytes, path: "v7")
        let butter = try #require(file.list.item(named: "butter"))
        #expect(
            butter.storePrices.map(\.text) == ["00000000-0000-4000-8000-000000000020 3.49/pack 2026-11-25T10:00:00Z"])
        #expect(butter.stock && butter.keeps == 30)
        #expect(DataFileCodec.encodeLogged(file, export: false) == Self.asCurrentVersion(bytes))
    }

    @Test func theLogReadsAndIsWrittenAgainUnchanged() throws {
        let bytes = try Self.bytes("shop.json.purchases")
        // Four purchases, one of them taken back by a deletion line, and four stock entries.
        let purchases = try PurchaseLogFile.decode(bytes, path: "v7 log")
        #expect(purchases.map(\.name) == ["ctrl\u{01}\u{1f}\u{7f}", "butter", "flour"])
        let flour = try #require(purchases.last)
        #expect(flour.price?.description == "6.9846" && flour.price?.fraction == nil)
        #expect(flour.lineTotal?.description == "4.54")
        let lines = Set(String(decoding: bytes, as: UTF8.self).split(separator: "\n"))
        let written = String(decoding: PurchaseLogFile.lines(added: purchases, deleted: []), as: UTF8.self)
        for line in written.split(separator: "\n") { #expect(lines.contains(line), "\(line)") }
    }

    @Test func theExportReadsAndIsWrittenAgainUnchanged() throws {
        let bytes = try Self.bytes("export.json")
        let export = try DataFileCodec.decodeLogged(bytes, path: "v7 export")
        #expect(export.log.purchases.count == 4)
        #expect(DataFileCodec.encodeLogged(export, export: true) == Self.asCurrentVersion(bytes))
    }
}
