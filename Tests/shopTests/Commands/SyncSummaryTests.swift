import Foundation
import Testing

/// SPEC 8.4: the summary names what came in and what went out, record by record; `--json` carries every
/// changed record and the conflicts; a failure with `--json` is a JSON error on standard output too.
@Suite(.serialized, .enabled(if: SyncLab.hasGit)) struct SyncSummaryTests {
    @Test func theSummaryNamesTheRecordsThatCameInAndWentOut() throws {
        let lab = try SyncLab()
        defer { lab.remove() }
        let laptop = try lab.device("laptop")
        let phone = try lab.device("phone")
        try laptop.ok(["location", "add", "Dairy"])
        try laptop.ok(["add", "Milk", "Eggs", "Olive oil", "-l", "Dairy"])
        try laptop.ok(["store", "add", "Hypermarket"])
        try lab.join(laptop, phone)
        try phone.ok(["edit", "milk", "-q", "3"])
        try phone.ok(["buy", "eggs"])
        try phone.ok(["add", "Rye bread"])
        try phone.ok(["remove", "olive oil"])
        try phone.ok(["store", "order", "Hypermarket", "Dairy"])
        var outcome = try phone.ok(["sync"])
        #expect(outcome.stderr.contains("went out: "), "\(outcome)")
        try laptop.ok(["add", "Tea"])
        outcome = try laptop.ok(["sync"])
        let lines = outcome.stderr.split(separator: "\n").map(String.init)
        let cameIn = try #require(lines.first { $0.hasPrefix("came in: ") }, "\(outcome)")
        for words in [
            "Milk \u{00D7}3 (quantity)", "Eggs bought", "+ Rye bread", "\u{2212} Olive oil", "store Hypermarket (walk)",
        ] {
            #expect(cameIn.contains(words), "\(words) in \(cameIn)")
        }
        #expect(lines.contains("went out: + Tea"), "\(outcome)")

        // More than ten names: the line says how many more.
        try phone.ok(["sync"])
        try phone.ok(["add"] + (1...15).map { "thing \($0)" })
        try phone.ok(["sync"])
        outcome = try laptop.ok(["sync"])
        #expect(outcome.stderr.contains(", and 5 more"), "\(outcome)")
    }

    @Test func jsonCarriesEveryChangedRecordAndEachConflict() throws {
        let lab = try SyncLab()
        defer { lab.remove() }
        let laptop = try lab.device("laptop")
        let phone = try lab.device("phone")
        try laptop.ok(["add", "milk", "eggs"])
        try lab.join(laptop, phone)
        try laptop.ok(["edit", "milk", "-q", "2"])
        Thread.sleep(forTimeInterval: 1.1)
        try phone.ok(["edit", "milk", "-q", "5"])
        try phone.ok(["add", "tea"])
        try phone.ok(["sync"])
        try laptop.ok(["add", "coffee"])
        let outcome = try laptop.ok(["sync", "--json"])
        let report = try #require(try JSONSerialization.jsonObject(with: Data(outcome.stdout.utf8)) as? [String: Any])
        let cameIn = try #require(report["cameIn"] as? [[String: Any]], "\(outcome)")
        let milk = try #require(cameIn.first { $0["name"] as? String == "milk" })
        #expect(milk["change"] as? String == "changed" && milk["fields"] as? [String] == ["quantity"], "\(milk)")
        #expect((milk["id"] as? String)?.count == 36)
        #expect(cameIn.contains { $0["name"] as? String == "tea" && $0["change"] as? String == "added" })
        let wentOut = try #require(report["wentOut"] as? [[String: Any]])
        #expect(wentOut.contains { $0["name"] as? String == "coffee" && $0["kind"] as? String == "item" }, "\(wentOut)")
        let conflicts = try #require(report["conflicts"] as? [[String: Any]])
        let conflict = try #require(conflicts.first, "\(outcome)")
        #expect(conflict["record"] as? String == "milk" && conflict["field"] as? String == "quantity", "\(conflict)")
        #expect(conflict["ours"] as? String == "2" && conflict["theirs"] as? String == "5", "\(conflict)")
        #expect(
            (conflict["kept"] as? String)?.contains("5") == true && conflict["resolution"] as? String != nil,
            "\(conflict)")
        #expect(outcome.stderr.contains("shop: conflict: "), "\(outcome)")
    }

    @Test func aFailureWithJSONIsAJSONErrorOnStandardOutput() throws {
        let lab = try SyncLab()
        defer { lab.remove() }
        let shop = try lab.device("laptop")
        try shop.ok(["add", "milk"])
        let outcome = try shop.run(["sync", "--json"])
        #expect(outcome.status == 1, "\(outcome)")
        let object = try #require(try JSONSerialization.jsonObject(with: Data(outcome.stdout.utf8)) as? [String: Any])
        let error = try #require(object["error"] as? [String: Any], "\(outcome)")
        #expect(error["code"] as? Int == 1)
        #expect((error["message"] as? String)?.contains("not in a git repository") == true, "\(error)")
        #expect(outcome.stderr.contains("Error: "), "\(outcome)")
    }
}
