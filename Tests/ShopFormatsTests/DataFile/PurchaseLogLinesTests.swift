import Foundation
import ShopHistory
import ShopJSON
import ShopTestSupport
import Testing

@testable import ShopFormats
@testable import ShopModel

/// The purchase log's fast path: lines laid out as shop writes them are read by their bytes, every other
/// line goes to the general reader, and both give the same purchases; a damaged log is still refused.
@Suite struct PurchaseLogLinesTests {
    static let day = Date(timeIntervalSince1970: 1_763_805_600)

    /// Purchases covering every optional field, one at a time and all together.
    static func samples() -> [Purchase] {
        let item = Item.ID(UUID(uuidString: "09A6233E-5C7A-4BC8-8113-7A1807EDDBA4")!)
        let store = Store.ID(UUID(uuidString: "F977F882-C49C-486A-A699-7D7B8847CF05")!)
        return [
            Purchase(itemID: item, name: "Italian apples 1279", date: day, quantity: 1),
            Purchase(
                itemID: item, name: "Italian apples 1279", date: day.addingTimeInterval(60), quantity: 3,
                price: Price(cents: 3927), store: "Hypermarket", storeID: store),
            Purchase(
                itemID: item, name: "Italian apples", date: day.addingTimeInterval(120), quantity: 9999,
                price: Price(cents: 0), store: "Corner shop", dateBefore: day.addingTimeInterval(-86_400)),
            Purchase(itemID: item, name: "", date: day, quantity: 2, price: Price(cents: 150), storeID: store),
            Purchase(itemID: item, name: "Crème fraîche", date: day, quantity: 1, store: "Hypermarket", storeID: store),
            Purchase(itemID: item, name: "Say \"cheese\"\tnow", date: day, quantity: 1, store: "Shop \\ 2"),
            // Version 8: 12 for 1.94, its exact ratio beside the four digits.
            Purchase(
                itemID: item, name: "Bananas", date: day, amount: 12,
                price: UnitPrice(exactly: ExactNumber(numerator: 97, denominator: 600)!), priceUnit: .count,
                lineTotal: Price(cents: 194), store: "Aldi", storeID: store),
            // SPEC 22: the list it was bought from, by name and id.
            { () -> Purchase in
                var purchase = Purchase(
                    itemID: item, name: "Cake", date: day, quantity: 1, price: Price(cents: 1200), store: "Aldi",
                    storeID: store)
                purchase.listID = NamedList.ID(UUID(uuidString: "5A3B7E21-9C4D-4F6A-8B2E-1D7C0F9A3E55")!)
                purchase.listName = "Party"
                return purchase
            }(),
        ]
    }

    /// What the fast path makes of the first line of `text`; `nil` when it hands the line on.
    static func fastLine(_ text: String) -> (purchase: Purchase?, offset: Int) {
        let bytes = Array(text.utf8)
        return bytes.withUnsafeBufferPointer { buffer in
            var decoder = DataFileDecoder(buffer)
            var strings = DataFileDecoder.LogStrings()
            var purchases: [Purchase] = []
            let read = decoder.appendCanonicalLogLine(&strings, to: &purchases)
            return (read ? purchases[0] : nil, decoder.scanner.offset)
        }
    }

    static func decode(_ text: String) throws -> [Purchase] {
        try PurchaseLogFile.decode(Array(text.utf8), path: "log")
    }

    @Test func linesShopWritesAreReadByTheFastPathAsTheyWereWritten() throws {
        for purchase in Self.samples() {
            let line = String(decoding: PurchaseLogFile.lines(added: [purchase], deleted: []), as: UTF8.self)
            let (read, offset) = Self.fastLine(line)
            #expect(read == purchase, "\(line)")
            #expect(offset == line.utf8.count)
            // The last line of a text may lack its newline.
            #expect(Self.fastLine(String(line.dropLast())).purchase == purchase)
        }
        let all = Self.samples()
        #expect(try Self.decode(String(decoding: PurchaseLogFile.encode(all), as: UTF8.self)) == all)
    }

    @Test func repeatedNamesAreSharedAndARenameIsSeen() throws {
        var purchases = Self.samples()
        purchases[1].name = "Green apples"
        // The same purchases again under new ids (a purchase logged twice is read once).
        let again = purchases.map {
            Purchase(
                itemID: $0.itemID, name: $0.name, date: $0.date, amount: $0.amount, price: $0.price,
                priceUnit: $0.priceUnit, lineTotal: $0.lineTotal, store: $0.store, storeID: $0.storeID, by: $0.by,
                dateBefore: $0.dateBefore)
        }
        let text = String(decoding: PurchaseLogFile.encode(purchases + again + purchases), as: UTF8.self)
        #expect(try Self.decode(text) == purchases + again)
        // Item and store ids remembered by their text: the same ids in lowercase are other texts, read
        // again, to the same ids; an id text damaged after being read whole once is still refused.
        let third = purchases.map {
            Purchase(
                itemID: $0.itemID, name: $0.name, date: $0.date, amount: $0.amount, price: $0.price,
                priceUnit: $0.priceUnit, lineTotal: $0.lineTotal, store: $0.store, storeID: $0.storeID, by: $0.by,
                dateBefore: $0.dateBefore)
        }
        let item = "09A6233E-5C7A-4BC8-8113-7A1807EDDBA4"
        let store = "F977F882-C49C-486A-A699-7D7B8847CF05"
        let lower = String(decoding: PurchaseLogFile.encode(third), as: UTF8.self)
            .replacingOccurrences(of: item, with: item.lowercased())
            .replacingOccurrences(of: store, with: store.lowercased())
        #expect(try Self.decode(text + lower) == purchases + again + third)
        let damaged = String(decoding: PurchaseLogFile.encode([third[1]]), as: UTF8.self)
        for (good, bad) in [("7A1807EDDBA4", "7A1807EDDBAG"), ("7D7B8847CF05", "7D7B8847CF0G")] {
            let line = damaged.replacingOccurrences(of: good, with: bad)
            #expect(throws: ShopError.self) { try Self.decode(text + line) }
        }
    }

    /// Each of these lines is valid, but not as shop writes it: the fast path leaves it alone (the scanner
    /// where it was) and the general reader reads the same purchase.
    @Test func otherLayoutsGoToTheGeneralReaderWithTheSameResult() throws {
        let written = Self.samples()[1]
        let line = String(decoding: PurchaseLogFile.lines(added: [written], deleted: []), as: UTF8.self)
        // Spaces before a number, another spelling of a number and escapes in a string are read by the
        // fast path with the scanner's own readers: the same values.
        let alike = [
            line.replacingOccurrences(of: "\"quantity\":3", with: "\"quantity\": 3"),
            line.replacingOccurrences(of: "\"price\":39.27", with: "\"price\":3.927e1"),
            line.replacingOccurrences(of: "\"Hypermarket\"", with: "\"Hyper\\u006Darket\""),
        ]
        for other in alike {
            #expect(Self.fastLine(other).purchase == written, "\(other)")
            #expect(try Self.decode(other) == [written], "\(other)")
        }
        let others = [
            line.replacingOccurrences(of: "{\"date\"", with: "{ \"date\""),
            line.replacingOccurrences(of: "}\n", with: "}\r\n"),
            line.replacingOccurrences(of: "}\n", with: " }\n"),
            line.replacingOccurrences(of: "\"quantity\":3,", with: "\"quantity\":3,\"future\":[1,2],"),
            // `unit` is written in output only, and ignored when read.
            line.replacingOccurrences(of: "\"quantity\":3,", with: "\"quantity\":3,\"unit\":null,"),
            // Keys in another order.
            "{\"id\""
                + line.components(separatedBy: ",\"id\"")[1].replacingOccurrences(
                    of: "}\n", with: ",\"date\":\"2025-11-22T10:01:00Z\"}\n"),
        ]
        for other in others {
            let (read, offset) = Self.fastLine(other)
            #expect(read == nil, "\(other)")
            #expect(offset == 0)
            #expect(try Self.decode(other) == [written], "\(other)")
        }
        // Optional values written as null and a deletion line.
        let nulls =
            "{\"date\":\"2025-11-22T10:00:00Z\",\"id\":\"\(written.id.uuid.uuidString)\","
            + "\"itemId\":\"\(written.itemID.uuid.uuidString)\",\"name\":\"x\",\"price\":null,\"quantity\":1}\n"
        #expect(Self.fastLine(nulls).purchase == nil)
        #expect(try Self.decode(nulls).map(\.price) == [nil])
        let deletion = "{\"deleted\":\"\(written.id.uuid.uuidString)\"}\n"
        #expect(Self.fastLine(deletion).purchase == nil)
        #expect(try Self.decode(line + deletion).isEmpty)
        #expect(try Self.decode(deletion + line).isEmpty)
    }

    /// Damaged lines are refused as before: the fast path never accepts what the general reader refuses.
    @Test func damagedLinesAreStillRefused() throws {
        let line = String(decoding: PurchaseLogFile.lines(added: [Self.samples()[1]], deleted: []), as: UTF8.self)
        let damaged: [String] = [
            line.replacingOccurrences(of: "\"quantity\":3", with: "\"quantity\":0"),
            line.replacingOccurrences(of: "\"quantity\":3", with: "\"quantity\":10000"),
            line.replacingOccurrences(of: "\"price\":39.27", with: "\"price\":39.27501"),
            line.replacingOccurrences(of: "\"price\":39.27", with: "\"price\":-1"),
            line.replacingOccurrences(of: "2025-11-22T", with: "2025-13-22T"),
            // After a line of the same day, whose day the fast path does not read again: the time still is.
            line.replacingOccurrences(of: "T10:01:00Z", with: "T24:01:00Z"),
            line.replacingOccurrences(of: "T10:01:00Z", with: "T10:60:00Z"),
            line.replacingOccurrences(of: "T10:01:00Z", with: "T10:01:0xZ"),
            line.replacingOccurrences(of: "T10:01:00Z", with: "T10:01:00z"),
            line.replacingOccurrences(of: "\"Hypermarket\"", with: "\"Hyper\u{1}market\""),
            line.replacingOccurrences(of: "}\n", with: "\n"),
            line.replacingOccurrences(of: "}\n", with: "}}\n"),
            line.replacingOccurrences(of: ",\"itemId\"", with: ",\"id\":\"\(UUID().uuidString)\",\"itemId\""),
            String(line.prefix(40)) + "\n",
            // What the list showed before (for `unbuy`): an amount, a flag, "<recipe id> <amount>" texts.
            line.replacingOccurrences(of: ",\"price\"", with: ",\"needsBefore\":[\"flour 500 g\"],\"price\""),
            line.replacingOccurrences(of: ",\"price\"", with: ",\"needsBefore\":\"x\",\"price\""),
            line.replacingOccurrences(
                of: ",\"price\"", with: ",\"needsBefore\":[\"\(UUID().uuidString) 0 g\"],\"price\""),
            line.replacingOccurrences(of: ",\"store\"", with: ",\"quantityBefore\":\"12x\",\"store\""),
            line.replacingOccurrences(of: ",\"store\"", with: ",\"quantityBefore\":\"100000\",\"store\""),
            line.replacingOccurrences(of: ",\"store\"", with: ",\"recipesOnlyBefore\":\"yes\",\"store\""),
            // An exact price that is not the price beside it, or no fraction.
            line.replacingOccurrences(of: ",\"quantity\"", with: ",\"priceExact\":\"97/600\",\"quantity\""),
            line.replacingOccurrences(of: ",\"quantity\"", with: ",\"priceExact\":\"39.27\",\"quantity\""),
            line.replacingOccurrences(of: ",\"quantity\"", with: ",\"priceExact\":3927,\"quantity\""),
        ]
        for text in damaged {
            #expect(Self.fastLine(text).purchase == nil, "\(text)")
            #expect(throws: ShopError.self, "\(text)") { try Self.decode(line + text) }
        }
        // Invalid UTF-8 in a name.
        var bytes = Array(line.utf8)
        let at = bytes.firstIndex(of: UInt8(ascii: "H"))!
        bytes[at] = 0xC3
        #expect(throws: ShopError.self) { try PurchaseLogFile.decode(bytes, path: "log") }
    }

    /// The log file read a piece at a time (`loadWithDeletions(marker:window:)`) gives what the whole text gives, for
    /// every piece size, whether the marker matches the file or not: the same purchases, or the same error.
    @Test func theLogReadInPiecesIsTheLogReadWhole() throws {
        let samples = Self.samples()
        let lines = samples.map { String(decoding: PurchaseLogFile.lines(added: [$0], deleted: []), as: UTF8.self) }
        let all = lines.joined()
        // One object over several lines (a log edited by hand), which a piece may cut anywhere.
        let spread = lines[1].replacingOccurrences(of: ",", with: ",\n  ")
        let deletion = "{\"deleted\":\"\(samples[2].id.uuid.uuidString)\"}\n"
        let long = lines[0].replacingOccurrences(of: "Italian apples 1279", with: String(repeating: "é", count: 600))
        let texts = [
            all, all + all, spread + all, all + spread, all + deletion + "\n\n" + long + all,
            all + String(lines[3].dropLast()),  // a last line without its newline
            all + String(lines[3].prefix(30)),  // a step that never finished
            all + lines[1].replacingOccurrences(of: "\"quantity\":3", with: "\"quantity\":0") + all,  // damaged
            all + lines[1].replacingOccurrences(of: "}\n", with: "\n") + all,  // damaged
            "", "\n",
        ]
        for (index, text) in texts.enumerated() {
            try withTemporaryDirectory { folder in
                let file = PurchaseLogFile(dataFile: folder + "/shop.json")
                let bytes = Array(text.utf8)
                try writeBytes(bytes, file.path)
                var info = stat()
                #expect(stat(file.path, &info) == 0)
                // The marker of a data file written with the whole text, and one of a file since replaced.
                let check = bytes.withUnsafeBufferPointer { PurchaseLogFile.check($0, before: $0.count) }
                let markers = [
                    PurchaseLogMarker(length: bytes.count, digest: nil, check: check, inode: UInt64(info.st_ino)),
                    PurchaseLogMarker(length: bytes.count, digest: nil, check: check, inode: UInt64(info.st_ino) + 1),
                ]
                for (number, marker) in markers.enumerated() {
                    let length = number == 0 ? bytes.count : PurchaseLogFile.completeLines(bytes).length
                    let whole = Result { () throws(ShopError) in
                        try PurchaseLogFile.decode(bytes, length: length, path: file.path)
                    }
                    for window in [1, 5, 64, 250, 1000, 1 << 18] {
                        let pieces = Result { () throws(ShopError) in
                            try file.loadWithDeletions(marker: marker, window: window).live
                        }
                        #expect(pieces == whole, "window \(window), marker \(number): \(text)")
                        // Read in pieces indeed, unless damaged (an unfinished step counts only when the
                        // marker names it), or one object over several lines is cut.
                        let damaged = [7, 8].contains(index) || (index == 6 && number == 0)
                        let cut = [2, 3].contains(index) && window < 1 << 18
                        if !damaged && !cut {
                            #expect(file.readInPieces(marker: marker, window: window) != nil, "\(index), \(window)")
                        }
                    }
                }
            }
        }
    }

}
