import Foundation
import ShopHistory
import ShopJSON
import ShopModelTests
import Testing

@testable import ShopFormats
@testable import ShopModel

/// Version 9 files (the shared log marker of SPEC 23) load forever: `Fixtures/version9` holds what `shop` wrote just
/// before version 10 (the every-key data file, its log and its export, from `DataFileLayoutTests`). Each reads back to
/// the same records, with no location guessed, and is written again as version 10 with no other byte changed.
@Suite struct VersionNineFixtureTests {
    static let fixture = VersionFixture(version: 9)

    static func bytes(_ name: String) throws -> [UInt8] { try fixture.bytes(name) }

    static func asCurrentVersion(_ bytes: [UInt8]) -> [UInt8] { fixture.asCurrentVersion(bytes) }

    @Test func theDataFileReadsAndIsWrittenAgainUnchanged() throws {
        let bytes = try Self.bytes("shop.json")
        #expect(String(decoding: bytes, as: UTF8.self).contains("\"version\" : 9\n"))
        let file = try DataFileCodec.decodeLogged(bytes, path: "v9")
        #expect(file.list.items.count > 5 && file.list.items.allSatisfy { $0.locationGuess == nil })
        #expect(file.log.marker?.digest != nil)
        #expect(DataFileCodec.encodeLogged(file, export: false) == Self.asCurrentVersion(bytes))
    }

    @Test func theLogReadsAndIsWrittenAgainUnchanged() throws {
        try Self.fixture.expectLogReadsBack()
    }

    @Test func theExportReadsAndIsWrittenAgainUnchanged() throws {
        let bytes = try Self.bytes("export.json")
        let export = try DataFileCodec.decodeLogged(bytes, path: "v9 export")
        #expect(!export.log.purchases.isEmpty)
        #expect(DataFileCodec.encodeLogged(export, export: true) == Self.asCurrentVersion(bytes))
    }

    /// The guess's record reads back as written (version 10).
    @Test func aGuessedLocationReadsBack() throws {
        let written = DataFileCodec.encodeLogged(try DataFileLayoutTests.fixedList(), export: false)
        #expect(String(decoding: written, as: UTF8.self).contains("\"locationGuess\" : \"'bread'\""))
        let list = try DataFileCodec.decode(written, path: "v10")
        #expect(list.item(named: "Bread")?.locationGuess == "'bread'")
    }
}
