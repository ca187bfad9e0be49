import Foundation
import ShopHistory
import ShopJSON
import ShopModelTests
import Testing

@testable import ShopFormats
@testable import ShopModel

/// Version 11 files (named lists, SPEC 22) load forever: `Fixtures/version11` holds what `shop` wrote just before
/// version 12 (the every-key data file, its log and its export, from `DataFileLayoutTests`). Each reads back with no
/// learned word and is written again as version 12 with no other byte changed (SPEC 21: a file with no learned word has
/// no `learnedWords`).
@Suite struct VersionElevenFixtureTests {
    static let fixture = VersionFixture(version: 11)

    @Test func theDataFileReadsWithNoLearnedWordAndIsWrittenAgainUnchanged() throws {
        let bytes = try Self.fixture.bytes("shop.json")
        #expect(String(decoding: bytes, as: UTF8.self).contains("\"version\" : 11\n"))
        let file = try DataFileCodec.decodeLogged(bytes, path: "v11")
        #expect(file.list.learnedPlaces.isEmpty)
        #expect(file.list.listsInNameOrder.map(\.name) == ["Groceries", "Party \"Saturday\""])
        #expect(file.list.item(named: "Bread")?.locationGuess == "'bread'")
        #expect(DataFileCodec.encodeLogged(file, export: false) == Self.fixture.asCurrentVersion(bytes))
    }

    @Test func theLogReadsAndIsWrittenAgainUnchanged() throws {
        try Self.fixture.expectLogReadsBack()
    }

    @Test func theExportReadsAndIsWrittenAgainUnchanged() throws {
        let bytes = try Self.fixture.bytes("export.json")
        let export = try DataFileCodec.decodeLogged(bytes, path: "v11 export")
        #expect(!export.log.purchases.isEmpty)
        #expect(export.list.learnedPlaces.isEmpty)
        #expect(DataFileCodec.encodeLogged(export, export: true) == Self.fixture.asCurrentVersion(bytes))
    }

    /// A learned word reads back as written (version 12).
    @Test func aLearnedWordReadsBack() throws {
        let written = DataFileCodec.encodeLogged(try DataFileLayoutTests.fixedList(), export: false)
        let text = String(decoding: written, as: UTF8.self)
        #expect(text.contains("\"learnedWords\" : [") && text.contains("\"word\" : \"aged gouda \\\"extra\\\"\""))
        let list = try DataFileCodec.decode(written, path: "v12")
        let place = try #require(list.learnedPlace(word: "aged gouda \"extra\""))
        #expect(list.location(place.locationID)?.name == "Dairy \"cold\"")
        #expect(place.modifiedAt["locationId"] == Date(timeIntervalSince1970: 1_795_600_000.25))
    }

    /// A learned word at a location the file does not hold, or at the Unknown Location, is damage: refused.
    @Test func aLearnedWordAtNoUserLocationIsRefused() throws {
        let text = String(
            decoding: DataFileCodec.encodeLogged(try DataFileLayoutTests.fixedList(), export: false), as: UTF8.self)
        for location in ["00000000-0000-4000-8000-000000000099", "00000000-0000-4000-8000-000000000003"] {
            let stamped = ",\n      \"modifiedAt\" : {\n        \"locationId\""
            let damaged = text.replacingOccurrences(
                of: "\"locationId\" : \"00000000-0000-4000-8000-000000000001\"" + stamped,
                with: "\"locationId\" : \"\(location)\"" + stamped)
            #expect(damaged != text)
            #expect(throws: ShopError.self) { try DataFileCodec.decode(Array(damaged.utf8), path: "v12") }
        }
    }
}
