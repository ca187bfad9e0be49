import Foundation
import ShopFormats
import ShopHistory
import ShopJSON
import ShopModel
import ShopTestSupport
import Testing

/// The log file beside the data file: one atomic step with the data file, undoable, tolerant of a
/// step that never finished and of a log replaced by git (SPEC section 10).
@Suite struct PurchaseLogFileTests {
    static func store(_ folder: String, undo: String? = "test") -> DataFileStore {
        DataFileStore(path: folder + "/shop.json", undoDescription: undo, clock: { Clock.now })
    }

    static func buy(_ store: DataFileStore, _ name: String, at date: Date = Clock.now) throws {
        try store.update { (list: inout ShoppingList, log: inout PurchaseLog) throws(ShopError) in
            if list.item(named: name)?.onList != true { _ = try list.add([name]) }
            _ = try list.buy([list.resolveItem(name)], at: date, log: &log)
        }
    }

    static func names(_ store: DataFileStore) throws -> [String] {
        try store.loadWithPurchaseLog().log.purchases.map(\.name)
    }

    @Test func buyAppendsALineAndTheDataFileNamesTheLength() throws {
        try withTemporaryDirectory { folder in
            let store = Self.store(folder)
            try Self.buy(store, "milk")
            try Self.buy(store, "eggs")
            let log = try readBytes(store.purchaseLogPath)
            #expect(log.filter { $0 == UInt8(ascii: "\n") }.count == 2)
            let text = String(decoding: try readBytes(folder + "/shop.json"), as: UTF8.self)
            #expect(text.contains("\"purchaseLog\" : {") && text.contains("\"length\" : \(log.count)\n"))
            #expect(text.contains("\"version\" : 12\n") && !text.contains("\"purchases\""))
            #expect(try Self.names(store) == ["milk", "eggs"])
            // A command that does not log (add) never touches the log file.
            try store.update { (list: inout ShoppingList) throws(ShopError) in _ = try list.add(["jam"]) }
            #expect(try readBytes(store.purchaseLogPath) == log)
        }
    }

    @Test func aStepThatNeverReachedTheDataFileIsIgnoredThenCutOff() throws {
        try withTemporaryDirectory { folder in
            let store = Self.store(folder)
            try Self.buy(store, "milk")
            let committed = try readBytes(store.purchaseLogPath)
            // A process killed after appending to the log and before replacing the data file.
            let half =
                Array(
                    #"{"date":"2026-11-22T10:00:00Z","id":"0B8E7A52-0000-4000-8000-000000000001","itemId":"0B8E7A52-0000-4000-8000-000000000002","name":"ghost","quantity":1}"#
                        .utf8) + [10] + Array(#"{"date":"20"#.utf8)
            let handle = try FileHandle(forWritingTo: URL(fileURLWithPath: store.purchaseLogPath))
            handle.seekToEndOfFile()
            handle.write(Data(half))
            try handle.close()
            #expect(try Self.names(store) == ["milk"])
            try Self.buy(store, "eggs")
            #expect(try Self.names(store) == ["milk", "eggs"])
            let log = try readBytes(store.purchaseLogPath)
            #expect(
                Array(log.prefix(committed.count)) == committed
                    && !String(decoding: log, as: UTF8.self).contains("ghost"))
        }
    }

    @Test func undoAndRedoCoverTheLog() throws {
        try withTemporaryDirectory { folder in
            let store = Self.store(folder)
            try Self.buy(store, "milk")
            try Self.buy(store, "eggs")
            _ = try store.undo()
            #expect(try Self.names(store) == ["milk"])
            #expect(try store.load().item(named: "eggs") == nil)  // added and bought in one step
            _ = try store.redo()
            #expect(try Self.names(store) == ["milk", "eggs"])
            _ = try store.undo()
            try Self.buy(store, "jam")  // a new step after an undo: the undone line is cut off
            #expect(try Self.names(store) == ["milk", "jam"])
        }
    }

    @Test func unbuyAppendsADeletionThatUndoTakesBack() throws {
        try withTemporaryDirectory { folder in
            let store = Self.store(folder)
            try Self.buy(store, "milk", at: Clock.daysAgo(7))
            try Self.buy(store, "milk")
            try store.update(loadingLog: true) { (list: inout ShoppingList, log: inout PurchaseLog) throws(ShopError) in
                _ = try list.unbuy([list.resolveItem("milk")], deletingLatestPurchase: true, log: &log)
            }
            var (list, log) = try store.loadWithPurchaseLog()
            #expect(log.purchases.map(\.date) == [Clock.daysAgo(7)])
            #expect(list.item(named: "milk")?.dateLastPurchased == Clock.daysAgo(7))
            #expect(String(decoding: try readBytes(store.purchaseLogPath), as: UTF8.self).contains("{\"deleted\":"))
            _ = try store.undo()
            (list, log) = try store.loadWithPurchaseLog()
            #expect(log.purchases.count == 2 && list.item(named: "milk")?.dateLastPurchased == Clock.now)
        }
    }

    @Test func aLogReplacedByAnotherProgramIsTakenWhole() throws {
        try withTemporaryDirectory { folder in
            let store = Self.store(folder)
            try Self.buy(store, "milk")
            var (other, log) = try store.loadWithPurchaseLog()
            _ = try other.add(["tea"])
            // What a git merge leaves: a new file (another inode) with the other device's line added.
            let foreign = Purchase(itemID: other.id("milk"), name: "milk", date: Clock.daysAgo(-1), quantity: 2)
            let merged = PurchaseLogFile.encode(log.purchases + [foreign])
            let temporary = folder + "/incoming"
            try writeBytes(merged, temporary)
            #expect(rename(temporary, store.purchaseLogPath) == 0)
            #expect(try Self.names(store) == ["milk", "milk"])
        }
    }

    /// The append finds the committed length through its own descriptor: for a log that is not the one the
    /// marker names (another inode, a torn last line), it is every complete line, so the next purchase goes
    /// after them and the torn bytes are cut.
    @Test func aBuyAfterAReplacedLogAppendsAfterItsCompleteLines() throws {
        try withTemporaryDirectory { folder in
            let store = Self.store(folder)
            try Self.buy(store, "milk")
            let milk = try store.load().id("milk")
            let foreign = Purchase(itemID: milk, name: "milk", date: Clock.daysAgo(1), quantity: 2)
            let replaced = try readBytes(store.purchaseLogPath) + PurchaseLogFile.encode([foreign])
            let temporary = folder + "/incoming"
            try writeBytes(replaced + Array(#"{"date":"20"#.utf8), temporary)
            #expect(rename(temporary, store.purchaseLogPath) == 0)
            try Self.buy(store, "eggs")
            #expect(try Self.names(store) == ["milk", "milk", "eggs"])
            let log = try readBytes(store.purchaseLogPath)
            #expect(Array(log.prefix(replaced.count)) == replaced && log.last == 10, "torn bytes cut")
        }
    }

    @Test func aFirstBuyThatNeverFinishedIsIgnored() throws {
        try withTemporaryDirectory { folder in
            let store = Self.store(folder)
            try store.update { (list: inout ShoppingList) throws(ShopError) in _ = try list.add(["milk"]) }
            let milk = try store.load().id("milk")
            // A log beside a data file that never committed one: a first buy killed half way.
            let incoming = Purchase(itemID: milk, name: "milk", date: Clock.now, quantity: 1)
            try writeBytes(PurchaseLogFile.encode([incoming]), store.purchaseLogPath)
            #expect(try Self.names(store).isEmpty)
        }
    }

    @Test func aVersionTwoFileLoadsAndGainsALogAtItsFirstPurchase() throws {
        try withTemporaryDirectory { folder in
            let store = Self.store(folder)
            try store.update { (list: inout ShoppingList) throws(ShopError) in _ = try list.add(["milk"]) }
            var text = String(decoding: try readBytes(folder + "/shop.json"), as: UTF8.self)
            text = text.replacingOccurrences(of: "\"version\" : 12", with: "\"version\" : 2")
            try writeBytes(Array(text.utf8), folder + "/shop.json")
            #expect(try store.loadWithPurchaseLog().log.purchases.isEmpty)
            try Self.buy(store, "milk")
            #expect(try Self.names(store) == ["milk"])
        }
    }

    @Test func aDamagedLogIsReportedAndNothingIsWritten() throws {
        try withTemporaryDirectory { folder in
            let store = Self.store(folder)
            try Self.buy(store, "milk")
            var log = try readBytes(store.purchaseLogPath)
            log[2] = UInt8(ascii: "!")
            // Damage inside the committed part: the marker's check no longer matches, so the whole file
            // is read, and refused.
            try writeBytes(log, store.purchaseLogPath + ".new")
            #expect(rename(store.purchaseLogPath + ".new", store.purchaseLogPath) == 0)
            let before = try readBytes(folder + "/shop.json")
            #expect(throws: ShopError.self) { try store.loadWithPurchaseLog() }
            #expect(throws: ShopError.self) {
                try store.update(loadingLog: true) { (list: inout ShoppingList) throws(ShopError) in
                    _ = try list.add(["x"])
                }
            }
            #expect(try readBytes(folder + "/shop.json") == before)
        }
    }

    @Test func exportCarriesTheLogAndImportMergesItById() throws {
        try withTemporaryDirectory { folder in
            let store = Self.store(folder)
            try Self.buy(store, "milk", at: Clock.daysAgo(2))
            try Self.buy(store, "milk")
            let export = DataFileStore.encode(try store.loadWithPurchaseLog())
            let text = String(decoding: export, as: UTF8.self)
            #expect(text.contains("\"purchases\" : [") && !text.contains("\"purchaseLog\""))
            try writeBytes(export, folder + "/export.json")

            let target = Self.store(folder + "/other")
            try target.update { (list: inout ShoppingList) throws(ShopError) in _ = try list.add(["Milk", "tea"]) }
            for _ in 0..<2 {
                let batch = try ImportReader.read([folder + "/export.json"])
                _ = try target.update(loadingLog: true) {
                    (list: inout ShoppingList, log: inout PurchaseLog) throws(ShopError) in
                    list.merge(batch, log: &log)
                }
            }
            let (list, log) = try target.loadWithPurchaseLog()
            #expect(log.purchases.count == 2)
            // Matched by name: the purchases now belong to this file's Milk.
            #expect(log.purchases.allSatisfy { $0.itemID == list.id("Milk") })
            #expect(list.item(named: "milk")?.dateLastPurchased == Clock.now)
        }
    }
}

extension PurchaseLogFileTests {
    @Test func replacingTheWholeListKeepsTheHistory() throws {
        try withTemporaryDirectory { folder in
            let store = Self.store(folder)
            try Self.buy(store, "milk")
            try store.save(try SampleData.load())
            #expect(try Self.names(store) == ["milk"])
            try Self.buy(store, "saffron")
            #expect(try Self.names(store) == ["milk", "saffron"])
        }
    }
}
