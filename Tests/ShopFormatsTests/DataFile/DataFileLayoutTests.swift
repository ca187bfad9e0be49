import Foundation
import ShopHistory
import ShopJSON
import Testing

@testable import ShopFormats
@testable import ShopModel

/// The exact bytes shop writes, against files stored beside the tests, and the same lists read back from
/// any other layout of the same JSON: the decoder's byte-matching fast path must never be what makes a
/// file readable.
@Suite struct DataFileLayoutTests {
    static let fixtures = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .appendingPathComponent("Fixtures")

    /// A list using every key of every record, with fixed ids so that its text is always the same.
    static func fixedList() throws -> LoggedList {
        func id(_ n: Int) -> UUID { UUID(uuidString: String(format: "00000000-0000-4000-8000-%012d", n))! }
        let dairy = Location(
            id: .init(id(1)), name: "Dairy \"cold\"", visitationOrder: 10,
            color: RGBA(red: 1, green: 2, blue: 3, alpha: 4),
            modifiedAt: FieldStamps(["color": Date(timeIntervalSince1970: 1_795_600_000.5)]))
        let bakery = Location(id: .init(id(2)), name: "Bäckerei 🥖", visitationOrder: 20)
        let unknown = Location.makeUnknown(id: .init(id(3)))
        let items = [
            Item(
                id: .init(id(10)), name: "milk", quantity: 2, onList: false, isAvailable: false,
                dateLastPurchased: Date(timeIntervalSince1970: 1_795_600_800), locationID: dairy.id,
                price: Price(cents: 249), starred: true, note: "the \"blue\" one\\\nsecond line\t/slash",
                restock: .days(7),
                modifiedAt: FieldStamps([
                    "quantity": Date(timeIntervalSince1970: 1_795_600_900.123),
                    "note": Date(timeIntervalSince1970: 1_795_600_000),
                ])),
            // Version 10: a location guessed (SPEC 21).
            {
                var bread = Item(
                    id: .init(id(11)), name: "Bread", locationID: bakery.id, price: Price(cents: 300), restock: .learned
                )
                bread.locationGuess = "'bread'"
                return bread
            }(),
            // Version 11: on a list of its own (SPEC 22).
            {
                var eggs = Item(
                    id: .init(id(12)), name: "eggs", quantity: 12, locationID: unknown.id, price: Price(cents: 250),
                    note: "")
                eggs.listID = .init(id(50))
                return eggs
            }(),
            Item(
                id: .init(id(13)), name: "ctrl\u{01}\u{1f}\u{7f}", dateLastPurchased: Date(timeIntervalSince1970: 0),
                locationID: unknown.id),
            // Version 4: an amount with units, on the list for a recipe only; a pantry staple.
            Item(
                id: .init(id(14)), name: "flour",
                quantity: Amount(parts: [
                    .init(quantity: ExactNumber(numerator: 3, denominator: 2)!, unit: MeasureUnit(parsing: "kg")!),
                    .init(quantity: ExactNumber(numerator: 1, denominator: 3)!, unit: MeasureUnit(parsing: "cup")!),
                ]), locationID: unknown.id, recipesOnly: true),
            Item(id: .init(id(15)), name: "salt", onList: false, locationID: unknown.id, pantry: true),
        ]
        let bread = ListedRecipe(
            id: .init(id(40)), name: "Bread", label: "monday", plan: "~/meals/.shopping-list", entry: "./bread{2}",
            askedFor: "flour\t500 g\nyeast\t",
            modifiedAt: FieldStamps(["name": Date(timeIntervalSince1970: 1_795_600_000)]))
        let needs = [
            RecipeNeed(
                id: .init(id(41)), recipeID: bread.id, itemID: items[4].id,
                amount: Amount(ExactNumber(whole: 500), MeasureUnit(parsing: "g")!),
                modifiedAt: FieldStamps(["amount": Date(timeIntervalSince1970: 1_795_600_000)])),
            RecipeNeed(id: .init(id(42)), recipeID: bread.id, itemID: items[1].id, amount: .none),
        ]
        let market = Store(id: .init(id(20)), name: "Market \"Saturday\"", locationIDs: [bakery.id, dairy.id])
        let corner = Store(
            id: .init(id(21)), name: "corner", locationIDs: [],
            modifiedAt: FieldStamps(["locationIds": Date(timeIntervalSince1970: 1_795_000_000)]))
        // Version 5: a price per kg, a pack size, the last price at a store, unavailable at a store.
        var butter = Item(
            id: .init(id(16)), name: "butter", quantity: Amount(ExactNumber(whole: 300), MeasureUnit(parsing: "g")!),
            locationID: dairy.id, price: Price(cents: 899))
        butter.priceUnit = MeasureUnit(parsing: "kg")!
        butter.pack = Amount.Part(quantity: ExactNumber(whole: 250), unit: MeasureUnit(parsing: "g")!)
        butter.storePrices = [
            StorePrice(
                storeID: market.id, price: UnitPrice(Price(cents: 349)!), unit: .pack,
                date: Date(timeIntervalSince1970: 1_795_600_800)),
            // Version 8: a price a total paid gave keeps its exact ratio (12 for 1.94).
            StorePrice(
                storeID: corner.id, price: UnitPrice(exactly: ExactNumber(numerator: 97, denominator: 600)!)!,
                unit: .count, date: Date(timeIntervalSince1970: 1_795_600_900)),
        ]
        butter.unavailableAt = [corner.id]
        // Version 7: kept in stock, with its shelf lives and a minimum.
        butter.stock = true
        butter.keeps = 30
        butter.keepsOpen = 7
        butter.minStock = Amount.Part(quantity: ExactNumber(whole: 250), unit: MeasureUnit(parsing: "g")!)
        let list = try ShoppingList(
            items: items + [butter], locations: [dairy, bakery, unknown], stores: [market, corner], recipes: [bread],
            needs: needs,
            lists: [
                NamedList.groceries,
                NamedList(
                    id: .init(id(50)), name: "Party \"Saturday\"",
                    modifiedAt: FieldStamps(["name": Date(timeIntervalSince1970: 1_795_600_000)])),
            ],
            // Version 12: a word learned from a move (SPEC 21).
            learned: [
                LearnedPlace(
                    id: .init(id(60)), word: "aged gouda \"extra\"", locationID: dairy.id,
                    modifiedAt: FieldStamps(["locationId": Date(timeIntervalSince1970: 1_795_600_000.25)]))
            ])
        var log = PurchaseLog()
        // Version 9: the shared part alone is written (the check and inode are this device's, in its lock file).
        log.marker = PurchaseLogMarker(length: 1234, digest: 0x0123_4567_89AB_CDEF, check: 0xDEAD_BEEF, inode: 42)
        log.add(
            Purchase(
                id: .init(id(30)), itemID: items[0].id, name: "milk", date: Date(timeIntervalSince1970: 1_795_600_800),
                quantity: 2, price: Price(cents: 249), store: "Market \"Saturday\"", storeID: market.id,
                dateBefore: Date(timeIntervalSince1970: 1_795_000_000)))
        log.add(
            Purchase(
                id: .init(id(31)), itemID: items[3].id, name: "ctrl\u{01}\u{1f}\u{7f}",
                date: Date(timeIntervalSince1970: 0), quantity: 1))
        log.add(
            Purchase(
                id: .init(id(32)), itemID: butter.id, name: "butter", date: Date(timeIntervalSince1970: 1_795_600_800),
                amount: Amount(ExactNumber(whole: 2), .pack), price: UnitPrice(tenThousandths: 34_900),
                priceUnit: .pack,
                lineTotal: Price(cents: 698), store: "Market \"Saturday\"", storeID: market.id, by: "kitchen laptop",
                priceBefore: .price(Price(cents: 899)!, MeasureUnit(parsing: "kg")!),
                bestBefore: CalendarDay(number: 20_800)))
        var flour = Purchase(
            id: .init(id(33)), itemID: items[4].id, name: "flour", date: Date(timeIntervalSince1970: 1_795_600_900),
            amount: Amount(ExactNumber(numerator: 13, denominator: 20)!, MeasureUnit(parsing: "kg")!),
            // Version 8: 4.54 paid for 650 g is 454/65 per kg, shown as 6.9846.
            price: UnitPrice(exactly: ExactNumber(numerator: 454, denominator: 65)!),
            priceUnit: MeasureUnit(parsing: "kg")!,
            lineTotal: Price(cents: 454), store: "farmers market", by: "phone",
            priceBefore: Purchase.PriceBefore.none)
        // Version 7: what the list showed before, for `unbuy` (SPEC 16).
        flour.listedBefore = Purchase.ListedBefore(
            quantity: .none, recipesOnly: true,
            needs: [.init(recipeID: bread.id, amount: Amount(ExactNumber(whole: 500), MeasureUnit(parsing: "g")!))])
        log.add(flour)
        // Version 7: stock entries, to the millisecond.
        let entryDate = Date(timeIntervalSince1970: 1_795_700_000.25)
        let grams = MeasureUnit(parsing: "g")!
        log.add(
            StockEntry(
                id: .init(id(40)), itemID: butter.id, name: "butter", date: entryDate, by: "phone",
                kind: .add(Amount(ExactNumber(whole: 125), grams), bestBefore: CalendarDay(number: 20_790))))
        log.add(StockEntry(id: .init(id(41)), itemID: butter.id, name: "butter", date: entryDate, kind: .open))
        log.add(
            StockEntry(
                id: .init(id(42)), itemID: butter.id, name: "butter", date: entryDate,
                kind: .use(Amount.Part(quantity: ExactNumber(whole: 50), unit: grams), spoiled: false)))
        log.add(
            StockEntry(
                id: .init(id(43)), itemID: butter.id, name: "butter", date: entryDate, kind: .use(nil, spoiled: true)))
        return (list, log)
    }

    /// Compares with the stored file; set `SHOP_RECORD_WRITTEN=1` to store what is written instead (only
    /// when a change of the format is intended).
    func expectWritten(_ bytes: [UInt8], _ name: String) throws {
        let url = Self.fixtures.appendingPathComponent("written").appendingPathComponent(name)
        if ProcessInfo.processInfo.environment["SHOP_RECORD_WRITTEN"] == "1" {
            try Data(bytes).write(to: url)
            return
        }
        let expected = [UInt8](try Data(contentsOf: url))
        #expect(
            String(decoding: bytes, as: UTF8.self) == String(decoding: expected, as: UTF8.self),
            "\(name) differs from what shop wrote before")
    }

    @Test func writesExactlyTheStoredDataFile() throws {
        try expectWritten(DataFileCodec.encodeLogged(try Self.fixedList(), export: false), "every-key.json")
    }

    @Test func writesExactlyTheStoredExport() throws {
        try expectWritten(DataFileCodec.encodeLogged(try Self.fixedList(), export: true), "every-key-export.json")
    }

    @Test func writesExactlyTheStoredLogLines() throws {
        let log = try Self.fixedList().log
        let lines = PurchaseLogFile.lines(
            added: log.purchases, deleted: [log.purchases[0].id], stock: log.stockEntries)
        try expectWritten(lines, "every-key.purchases")
    }

    @Test(arguments: ["version1", "version2"])
    func writesOlderFixturesExactlyAsBefore(_ version: String) throws {
        let url = Self.fixtures.appendingPathComponent(version).appendingPathComponent("shop.json")
        let list = try DataFileCodec.decode([UInt8](try Data(contentsOf: url)), path: url.path)
        try expectWritten(DataFileCodec.encode(list), "\(version)-as-current.json")
    }

    @Test func theStoredFilesReadBackToTheSameList() throws {
        let written = DataFileCodec.encodeLogged(try Self.fixedList(), export: true)
        let read = try DataFileCodec.decodeLogged(written, path: "x")
        #expect(DataFileCodec.encodeLogged(read, export: true) == written)
    }

    /// The reader's fast path recognises every member of every record shop writes: were the writer's layout
    /// to drift from ``RecordLayout``'s depths, files would still read (the general path), only slower,
    /// and this test would say so.
    @Test(arguments: [false, true])
    func shopsOwnFilesNeverNeedTheGeneralPath(_ export: Bool) throws {
        for list in [try Self.fixedList(), (try richList(), PurchaseLog())] {
            let written = DataFileCodec.encodeLogged(list, export: export)
            var general = -1
            written.withUnsafeBufferPointer { buffer in
                var decoder = DataFileDecoder(buffer)
                _ = try? decoder.decode()
                general = decoder.membersReadTheGeneralWay
            }
            #expect(general == 0)
            // And another layout of the same text does need it, and still reads.
            let other = try Self.relaidOut(written, indent: "    ", colon: " : ", compact: false)
            other.withUnsafeBufferPointer { buffer in
                var decoder = DataFileDecoder(buffer)
                _ = try? decoder.decode()
                general = decoder.membersReadTheGeneralWay
            }
            #expect(general > 0)
        }
    }

    // MARK: - Other layouts

    /// The same JSON in another layout: `indent` spaces (or a tab when `nil`) a level, `separator` around
    /// colons, or everything on one line when `compact`.
    static func relaidOut(_ bytes: [UInt8], indent: String?, colon: String, compact: Bool) throws -> [UInt8] {
        let value = try JSONValue.parse(bytes)
        var writer = JSONWriter(pretty: !compact)
        writer.value(value)
        guard !compact else { return writer.bytes }
        // Re-indent the pretty text line by line.
        let unit = indent ?? "\t"
        var lines: [String] = []
        for line in writer.text.split(separator: "\n", omittingEmptySubsequences: false) {
            let spaces = line.prefix { $0 == " " }.count
            var rest = String(line.dropFirst(spaces))
            rest = rest.replacingOccurrences(of: "\" : ", with: "\"" + colon)
            lines.append(String(repeating: unit, count: spaces / 2) + rest)
        }
        return Array(lines.joined(separator: "\n").utf8)
    }

    @Test(
        arguments: [
            ("    ", " : ", false), (" ", " : ", false), (nil, ": ", false), ("  ", ":", false), ("  ", " :  ", false),
            ("  ", " : ", true),
        ] as [(String?, String, Bool)])
    func anyOtherLayoutReadsToTheSameList(_ indent: String?, _ colon: String, _ compact: Bool) throws {
        for export in [false, true] {
            let written = DataFileCodec.encodeLogged(try Self.fixedList(), export: export)
            let expected = try DataFileCodec.decodeLogged(written, path: "x")
            let other = try Self.relaidOut(written, indent: indent, colon: colon, compact: compact)
            #expect(other != written)
            let read = try DataFileCodec.decodeLogged(other, path: "x")
            #expect(read.list == expected.list)
            #expect(read.log.purchases == expected.log.purchases && read.log.marker == expected.log.marker)
            #expect(DataFileCodec.encodeLogged(read, export: export) == written)
        }
    }

    @Test func aRecordWhoseKeysLeaveTheWrittenOrderMidwayReadsTheSame() throws {
        // The first members as shop writes them, then the rest in another order: the fast path takes the
        // first ones, the general reader the rest.
        let written = String(decoding: DataFileCodec.encodeLogged(try Self.fixedList(), export: false), as: UTF8.self)
        let moved = written.replacingOccurrences(
            of:
                "      \"onList\" : false,\n      \"price\" : 2.49,\n      \"quantity\" : 2,\n      \"starred\" : true\n",
            with:
                "      \"starred\" : true,\n      \"quantity\" : 2,\n      \"onList\" : false,\n      \"price\" : 2.49\n"
        )
        #expect(moved != written)
        let read = try DataFileCodec.decode(Array(moved.utf8), path: "x")
        #expect(read == (try DataFileCodec.decode(Array(written.utf8), path: "x")))
        // And a repeated key is still refused after the fast path took it.
        let repeated = written.replacingOccurrences(
            of: "      \"starred\" : true\n", with: "      \"starred\" : true,\n      \"name\" : \"again\"\n")
        #expect(throws: ShopError.self) { try DataFileCodec.decode(Array(repeated.utf8), path: "x") }
    }
}
