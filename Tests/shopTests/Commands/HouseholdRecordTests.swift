import Foundation
import Testing

/// SPEC 16, one test per way ordinary use broke a household's record (issue 36), each failing on the
/// `shop` from before the fix: real devices, one bare remote, real git.
@Suite(.enabled(if: SyncLab.hasGit))
struct HouseholdRecordTests {
    /// `SHOP_NOW` for a day of the week of 2026-11-23 (a Monday) at `hour` UTC.
    static func at(day: Int, hour: Int) -> [String: String] {
        ["SHOP_NOW": String(format: "2026-11-%02dT%02d:00:00Z", 23 + day, hour)]
    }

    /// Live purchase ids of a device, from `shop export`.
    static func purchases(_ device: ShopProcess) throws -> Set<String> {
        let outcome = try device.run(["export"])
        let object = try JSONSerialization.jsonObject(with: Data(outcome.stdout.utf8)) as? [String: Any]
        return Set((object?["purchases"] as? [[String: Any]] ?? []).compactMap { $0["id"] as? String })
    }

    /// A device of `lab` whose clock is Monday 07:00 unless a command says otherwise, so that the
    /// stamps of the test's own times are never behind the real clock's (they never are earlier than
    /// any stamp the file holds).
    static func device(_ name: String, of lab: SyncLab) throws -> ShopProcess {
        var device = try lab.device(name)
        device.environment.merge(at(day: 0, hour: 7)) { $1 }
        return device
    }

    static func remoteHead(_ lab: SyncLab) throws -> String { try SyncLab.git(["rev-parse", "main"], in: lab.remote) }

    @Test func unbuyBeforeTheSyncNeverJamsAnotherDevicesSync() throws {
        let lab = try SyncLab()
        defer { lab.remove() }
        let laptop = try Self.device("laptop", of: lab)
        let desktop = try Self.device("desktop", of: lab)
        try laptop.ok(["add", "Milk", "Bread"])
        try lab.join(laptop, desktop)
        try laptop.ok(["buy", "Milk"])
        try laptop.ok(["unbuy", "Milk"])
        try laptop.ok(["sync"])
        // The desktop never saw the purchase, and has a change of its own: it merges, and its merge
        // carries the deletion line on.
        try desktop.ok(["drop", "Bread"])
        for device in [desktop, laptop, desktop, laptop, desktop] {
            let outcome = try device.run(["sync"])
            #expect(outcome.status == 0, "\(outcome)")
        }
        #expect(try Self.purchases(laptop).isEmpty)
        #expect(try Self.purchases(desktop).isEmpty)
        #expect(try laptop.items()["Milk"]?["onList"] as? Bool == true)
        #expect(try desktop.items()["Milk"]?["onList"] as? Bool == true)
    }

    @Test func idleSyncsAfterTwoDevicesBoughtApartMakeNoCommit() throws {
        let lab = try SyncLab()
        defer { lab.remove() }
        let laptop = try Self.device("laptop", of: lab)
        let desktop = try Self.device("desktop", of: lab)
        try laptop.ok(["add", "Milk", "Eggs"])
        try lab.join(laptop, desktop)
        try laptop.ok(["buy", "Milk"])
        try desktop.ok(["buy", "Eggs"])
        try laptop.ok(["sync"])
        try desktop.ok(["sync"])
        let merged = try Self.remoteHead(lab)
        // The laptop only catches up: a fast-forward, not a merge of its own.
        let caughtUp = try laptop.ok(["sync"])
        #expect(caughtUp.stderr.contains("nothing to send"), "\(caughtUp)")
        #expect(try Self.remoteHead(lab) == merged)
        for _ in 0..<3 {
            for device in [laptop, desktop] {
                let idle = try device.ok(["sync"])
                #expect(
                    idle.stderr.hasPrefix("Synced with origin/main: no local changes; nothing came in; nothing to send")
                )
            }
        }
        #expect(try Self.remoteHead(lab) == merged)
        #expect(try SyncLab.git(["rev-parse", "HEAD"], in: laptop.dataFolder) == merged)
        #expect(try Self.purchases(laptop) == Self.purchases(desktop))
        #expect(try Self.purchases(laptop).count == 2)
    }

    @Test func aLatePurchaseNeverErasesANewerNeed() throws {
        let lab = try SyncLab()
        defer { lab.remove() }
        let phone = try Self.device("phone", of: lab)
        let desktop = try Self.device("desktop", of: lab)
        try phone.ok(["add", "Eggs"])
        try lab.join(phone, desktop)
        let recipe = lab.root.appendingPathComponent("omelette.cook")
        try "Beat @Eggs{8} well.\n".write(to: recipe, atomically: true, encoding: .utf8)
        // Thursday: the phone buys eggs and does not sync until Saturday.
        #expect(try phone.run(["buy", "Eggs"], environment: Self.at(day: 3, hour: 17)).status == 0)
        // Saturday: the cron plan on the desktop puts the weekend's eggs on the list, and syncs.
        #expect(try desktop.run(["recipe", "add", recipe.path], environment: Self.at(day: 5, hour: 6)).status == 0)
        try desktop.ok(["sync"])
        let late = try phone.run(["sync"], environment: Self.at(day: 5, hour: 9))
        #expect(late.status == 0, "\(late)")
        try desktop.ok(["sync"])
        for device in [phone, desktop] {
            let list = try device.run(["list"])
            #expect(try device.items()["Eggs"]?["onList"] as? Bool == true, "\(list)")
        }
        #expect(try Self.purchases(phone).count == 1)
    }

    @Test func undoLeavesAPurchaseThatASyncSent() throws {
        let lab = try SyncLab()
        defer { lab.remove() }
        let laptop = try Self.device("laptop", of: lab)
        try laptop.ok(["add", "Milk", "Eggs"])
        try lab.join(laptop)
        try laptop.ok(["buy", "Milk"])
        try laptop.ok(["sync"])
        let before = try Self.purchases(laptop)
        let refused = try laptop.run(["undo"])
        #expect(refused.status == 1, "\(refused)")
        #expect(
            refused.stderr
                == "Error: cannot undo 'buy Milk': what it logged has been synced and belongs to the household now\n"
                + "Hint: 'shop unbuy NAME' takes a purchase back, and 'shop buy NAME' logs one again; nothing was changed\n"
        )
        #expect(try Self.purchases(laptop) == before)
        // One that has not travelled yet is still undone.
        try laptop.ok(["buy", "Eggs"])
        #expect(try laptop.run(["undo"]).status == 0)
        #expect(try Self.purchases(laptop) == before)
        try laptop.ok(["sync"])
        #expect(try Self.purchases(laptop) == before)
    }
}
