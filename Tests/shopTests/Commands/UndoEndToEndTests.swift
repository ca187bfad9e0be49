import Foundation
import Testing

/// `shop undo` / `shop redo` through the real binary.
@Suite struct UndoEndToEndTests {
    @Test func undoAndRedoWholeCommands() throws {
        let shop = try ShopProcess()
        defer { shop.remove() }
        try shop.run(["add", "milk", "eggs"])
        let afterAdd = shop.dataBytes()
        try shop.run(["buy", "milk", "eggs"])
        var outcome = try shop.run(["undo"])
        #expect(outcome.status == 0 && outcome.stderr == "Undid: buy milk eggs\n", "\(outcome)")
        #expect(shop.dataBytes() == afterAdd)
        outcome = try shop.run(["redo", "--json"])
        #expect(outcome.status == 0 && outcome.stdout.contains("\"redid\" : \"buy milk eggs\""), "\(outcome)")
        try shop.expectFailure(["redo"], status: 1, mentioning: "nothing to redo")
        try shop.run(["undo"])
        try shop.run(["add", "bread"])  // a new change clears the redo steps
        try shop.expectFailure(["redo"], status: 1, mentioning: "nothing to redo")
    }

    @Test func nothingToUndoOnAFreshFile() throws {
        let shop = try ShopProcess()
        defer { shop.remove() }
        try shop.expectFailure(["undo"], status: 1, mentioning: "nothing to undo")
        #expect(shop.dataBytes() == nil)
    }

    @Test func keepsTwentyStepsAcrossRuns() throws {
        let shop = try ShopProcess()
        defer { shop.remove() }
        for number in 1...22 { try shop.run(["add", "item \(number)"]) }
        for number in stride(from: 22, through: 3, by: -1) {
            let outcome = try shop.run(["undo"])
            #expect(outcome.stderr == "Undid: add \"item \(number)\"\n", "\(outcome)")
        }
        try shop.expectFailure(["undo"], status: 1, mentioning: "nothing to undo")
        let list = try shop.run(["list", "--json"])
        #expect(list.stdout.contains("item 2") && !list.stdout.contains("item 3\""))
        let snapshots = try FileManager.default.contentsOfDirectory(atPath: shop.dataFile.path + ".undo")
        #expect(snapshots.count <= 21, "\(snapshots.count) files: the journal is bounded")
    }

    @Test func everyKindOfChangeIsUndoable() throws {
        let shop = try ShopProcess()
        defer { shop.remove() }
        try shop.run(["location", "add", "Deli"])
        try shop.run(["add", "ham", "-l", "deli", "--every", "1"])
        let steps: [[String]] = [
            ["location", "remove", "deli"], ["location", "edit", "deli", "--name", "Butcher"],
            ["edit", "ham", "--price", "3"], ["unavailable", "ham"], ["buy", "ham"], ["remove", "ham"],
            ["sample", "--force"],
        ]
        for step in steps {
            let before = shop.dataBytes()
            let changed = try shop.run(step)
            #expect(changed.status == 0, "\(step): \(changed)")
            #expect(shop.dataBytes() != before, "\(step) changed nothing")
            let undone = try shop.run(["undo"])
            #expect(undone.status == 0, "\(step): \(undone)")
            #expect(shop.dataBytes() == before, "undo of \(step) did not restore the file")
        }
        // The timer and the current store are this device's own (SPEC section 8.3): they live in the device
        // file and leave the data file alone.
        let unchanged = shop.dataBytes()
        try shop.run(["timer", "start"])
        try shop.run(["store", "add", "Corner"])
        let added = shop.dataBytes()
        try shop.run(["store", "use", "Corner"])
        #expect(shop.dataBytes() == added && unchanged != added)
        // Yet each is an undoable step of its own (SPEC 14).
        #expect(try shop.run(["undo"]).stderr == "Undid: store use Corner\n")
        #expect(try shop.run(["undo"]).stderr == "Undid: store add Corner\n")
        #expect(try shop.run(["undo"]).stderr == "Undid: timer start\n")
        try shop.run(["buy", "ham"])
        let before = shop.dataBytes()
        // restock puts ham back once its one-day interval has passed: move the purchase date back a week.
        let text = String(decoding: try #require(before), as: UTF8.self)
        let dated = text.replacingOccurrences(
            of: #""dateLastPurchased" : "\d{4}-"#, with: "\"dateLastPurchased\" : \"2000-", options: .regularExpression)
        try Data(dated.utf8).write(to: shop.dataFile)
        try shop.run(["restock"])
        let undone = try shop.run(["undo"])
        #expect(undone.stderr == "Undid: restock\n", "\(undone)")
        #expect(shop.dataBytes() == Data(dated.utf8))
    }

    @Test func aDamagedJournalDisablesUndoButNotChanges() throws {
        let shop = try ShopProcess()
        defer { shop.remove() }
        try shop.run(["add", "milk"])
        try Data("{ not json".utf8).write(to: URL(fileURLWithPath: shop.dataFile.path + ".undo/index.json"))
        try shop.expectFailure(["undo"], status: 1, mentioning: "undo history")
        let added = try shop.run(["add", "eggs"])
        #expect(added.status == 0, "\(added)")
        let undone = try shop.run(["undo"])
        #expect(undone.stderr == "Undid: add eggs\n", "\(undone)")
    }

    @Test func aRestartedHistoryLeavesNoOldSnapshotsBehind() throws {
        let shop = try ShopProcess()
        defer { shop.remove() }
        for name in ["milk", "eggs", "bread", "tea"] { try shop.run(["add", name]) }
        let folder = shop.dataFile.path + ".undo"
        let before = try FileManager.default.contentsOfDirectory(atPath: folder).filter { $0 != "index.json" }
        #expect(before.count == 4, "\(before)")
        try Data("{ not json".utf8).write(to: URL(fileURLWithPath: folder + "/index.json"))
        try shop.run(["add", "jam"])  // starts a new history
        let after = try FileManager.default.contentsOfDirectory(atPath: folder).sorted()
        #expect(after == ["1.json", "index.json"], "only the new step's snapshot: \(after)")
        let undone = try shop.run(["undo"])
        #expect(undone.stderr == "Undid: add jam\n", "\(undone)")
        try shop.expectFailure(["undo"], status: 1, mentioning: "nothing to undo")
        // An index removed by hand restarts the history the same way.
        try shop.run(["add", "rice"])
        try shop.run(["add", "salt"])
        try FileManager.default.removeItem(atPath: folder + "/index.json")
        try shop.run(["add", "oil"])
        #expect(try FileManager.default.contentsOfDirectory(atPath: folder).sorted() == ["1.json", "index.json"])
    }

    @Test func refusesToUndoOverAChangeMadeOutsideShop() throws {
        let shop = try ShopProcess()
        defer { shop.remove() }
        try shop.run(["add", "milk"])
        let edited = String(decoding: try #require(shop.dataBytes()), as: UTF8.self).replacingOccurrences(
            of: "milk", with: "oat milk")
        try Data(edited.utf8).write(to: shop.dataFile)
        try shop.expectFailure(["undo"], status: 1, mentioning: "changed outside shop")
    }
}
