import Foundation
import Testing

/// SPEC 20, remote content is input: what a remote sends is checked by the rules typed input meets,
/// nothing from a record reaches git as an argument, and a purchase from a clock that runs ahead is kept
/// but ignored by dates and restock until its time.
@Suite(.serialized, .enabled(if: SyncLab.hasGit)) struct SyncRemoteIntakeTests {
    static func timestamp(_ date: Date) -> String {
        ISO8601DateFormatter().string(from: date)
    }

    @Test(arguments: [
        (String(repeating: "x", count: 300), "300 characters"), ("\u{202E}klim", "invisible character"),
        ("mi\u{1B}[2Jlk", "control character"),
    ])
    func aRemoteRecordThatBreaksARuleIsRefused(_ hostile: (name: String, says: String)) throws {
        let lab = try SyncLab()
        defer { lab.remove() }
        let laptop = try lab.device("laptop")
        try laptop.ok(["add", "milk", "eggs"])
        try laptop.ok(["buy", "milk"])
        try laptop.ok(["sync", "init", lab.remote.path])
        try laptop.ok(["sync"])
        let clone = try lab.attacker()
        try SyncHostileRemoteTests.editJSON(clone) { object in
            var items = object["items"] as! [[String: Any]]
            let index = items.firstIndex { $0["name"] as? String == "eggs" }!
            items[index]["name"] = hostile.name
            object["items"] = items
        }
        try lab.push(clone, "hostile")
        let data = try Data(contentsOf: laptop.syncedFile)
        let log = try Data(contentsOf: URL(fileURLWithPath: laptop.syncedFile.path + ".purchases"))
        let outcome = try laptop.run(["sync"])
        #expect(outcome.status == 65, "\(outcome)")
        #expect(outcome.stderr.contains("origin/main:shop.json") && outcome.stderr.contains(hostile.says), "\(outcome)")
        #expect(!outcome.stderr.contains("\u{1B}") && !outcome.stderr.contains("\u{202E}"), "\(outcome)")
        #expect(try Data(contentsOf: laptop.syncedFile) == data)
        #expect(try Data(contentsOf: URL(fileURLWithPath: laptop.syncedFile.path + ".purchases")) == log)
    }

    /// A name of 128 KiB (kept from a hand-edited file) is committed: the message goes to git through a
    /// file, so no E2BIG, and never "git is not installed".
    @Test func aHugeNameIsCommittedThroughAFileNotAnArgument() throws {
        let lab = try SyncLab()
        defer { lab.remove() }
        let laptop = try lab.device("laptop")
        try laptop.ok(["add", "milk", "eggs"])
        try laptop.ok(["sync", "init", lab.remote.path])
        try laptop.ok(["sync"])
        let huge = String(repeating: "n", count: 131_072)
        let file = laptop.syncedFile
        let text = try String(contentsOf: file, encoding: .utf8)
        try text.replacingOccurrences(of: "\"eggs\"", with: "\"\(huge)\"").write(
            to: file, atomically: true, encoding: .utf8)
        let outcome = try laptop.run(["sync"])
        #expect(outcome.status == 0, "\(outcome.status) \(outcome.stderr.prefix(300))")
        #expect(!outcome.stderr.contains("not installed"))
        let subject = try SyncLab.git(["log", "-1", "--format=%s", "main"], in: lab.remote)
        #expect(subject.contains(huge), "the commit did not carry the change")
    }

    /// A device whose clock is three years ahead buys milk; the others keep the purchase, say it once, and
    /// restock by the purchases they can believe.
    @Test func aPurchaseFromAClockYearsAheadIsIgnoredUntilItsTime() throws {
        let lab = try SyncLab()
        defer { lab.remove() }
        let now = Date()
        let laptop = try lab.device("laptop")
        let phone = try lab.device("phone")
        let past = ["SHOP_NOW": Self.timestamp(now.addingTimeInterval(-10 * 86_400))]
        let ahead = ["SHOP_NOW": Self.timestamp(now.addingTimeInterval(3 * 365 * 86_400))]
        try laptop.ok(["add", "milk", "--every", "7"])
        #expect(try laptop.run(["buy", "milk"], environment: past).status == 0)
        try lab.join(laptop, phone)
        #expect(try phone.run(["add", "milk"], environment: ahead).status == 0)
        #expect(try phone.run(["buy", "milk"], environment: ahead).status == 0)
        #expect(try phone.run(["sync"], environment: ahead).status == 0)
        let first = try laptop.ok(["sync"])
        #expect(first.stderr.contains("ahead of this clock: milk bought"), "\(first)")
        let again = try laptop.ok(["sync"])
        #expect(!again.stderr.contains("ahead of this clock"), "said twice: \(again)")
        // Both purchases are kept in the log.
        let history = try laptop.ok(["history", "--json"])
        #expect(history.stdout.components(separatedBy: "\"milk\"").count - 1 == 2, "\(history.stdout)")
        // Restock goes by the purchase ten days ago, not by the one three years ahead.
        try laptop.ok(["restock"])
        #expect(try laptop.ok(["list", "--json"]).stdout.contains("\"milk\""), "milk was not restocked")
    }
}
