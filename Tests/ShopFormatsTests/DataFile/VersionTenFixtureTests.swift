import Foundation
import ShopHistory
import ShopJSON
import ShopModelTests
import Testing

@testable import ShopFormats
@testable import ShopModel

/// Version 10 files (a guessed location's reason, SPEC 21) load forever: `Fixtures/version10` holds what `shop` wrote
/// just before version 11 (the every-key data file, its log and its export, from `DataFileLayoutTests`). Each reads
/// back as one list, `Groceries`, every item on it or at home there, and is written again as version 11 with no
/// other byte changed (SPEC 22: a file of one list is written as before lists existed).
@Suite struct VersionTenFixtureTests {
    static let fixture = VersionFixture(version: 10)

    @Test func theDataFileReadsAsOneListAndIsWrittenAgainUnchanged() throws {
        let bytes = try Self.fixture.bytes("shop.json")
        #expect(String(decoding: bytes, as: UTF8.self).contains("\"version\" : 10\n"))
        let file = try DataFileCodec.decodeLogged(bytes, path: "v10")
        #expect(file.list.lists.map(\.name) == ["Groceries"])
        #expect(file.list.lists[0].id == NamedList.groceriesID)
        #expect(file.list.items.count > 5 && file.list.items.allSatisfy { $0.listID == NamedList.groceriesID })
        #expect(file.list.item(named: "Bread")?.locationGuess == "'bread'")
        #expect(DataFileCodec.encodeLogged(file, export: false) == Self.fixture.asCurrentVersion(bytes))
    }

    @Test func theLogReadsAndIsWrittenAgainUnchanged() throws {
        try Self.fixture.expectLogReadsBack()
    }

    @Test func theExportReadsAndIsWrittenAgainUnchanged() throws {
        let bytes = try Self.fixture.bytes("export.json")
        let export = try DataFileCodec.decodeLogged(bytes, path: "v10 export")
        #expect(!export.log.purchases.isEmpty)
        #expect(export.list.lists.map(\.name) == ["Groceries"])
        #expect(DataFileCodec.encodeLogged(export, export: true) == Self.fixture.asCurrentVersion(bytes))
    }

    /// Two lists and an item on the second read back as written (version 11).
    @Test func listsAndAnItemsListReadBack() throws {
        let written = DataFileCodec.encodeLogged(try DataFileLayoutTests.fixedList(), export: false)
        let text = String(decoding: written, as: UTF8.self)
        #expect(
            text.contains("\"lists\" : [") && text.contains("\"listId\" : \"00000000-0000-4000-8000-000000000050\""))
        let list = try DataFileCodec.decode(written, path: "v11")
        #expect(list.listsInNameOrder.map(\.name) == ["Groceries", "Party \"Saturday\""])
        #expect(list.listName(of: list.item(named: "eggs")!) == "Party \"Saturday\"")
        #expect(list.item(named: "Bread")?.listID == NamedList.groceriesID)
    }

    /// An item on a list the file does not hold is damage, refused like a dangling location.
    @Test func anItemOnAListThatDoesNotExistIsRefused() throws {
        let text = String(decoding: try Self.fixture.bytes("shop.json"), as: UTF8.self)
            .replacingOccurrences(
                of: "\"name\" : \"Bread\",",
                with: "\"listId\" : \"00000000-0000-4000-8000-000000000099\",\n      \"name\" : \"Bread\",")
        #expect(throws: ShopError.self) { try DataFileCodec.decode(Array(text.utf8), path: "v10") }
    }
}
