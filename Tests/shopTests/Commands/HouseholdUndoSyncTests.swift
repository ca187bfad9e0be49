import Foundation
import Testing

/// SPEC 16, `undo` and the log, where a `sync` did not finish: the defects the household simulator found
/// (seeds 107 and 124 of `.tools/simulate 100-129 100`), one test each, each failing on the `shop` from
/// before the fix. A sync that stops half-way (its push refused, the process killed after the remote
/// took the push, or the remote out of reach after the local commit) must leave `undo` taking back exactly
/// what has not travelled: no more, and no less.
@Suite(.enabled(if: SyncLab.hasGit))
struct HouseholdUndoSyncTests {
    /// Installs `body` as the executable git hook `name` of the bare repository `remote`.
    static func hook(_ name: String, _ body: String, in remote: URL) throws {
        let path = remote.appendingPathComponent("hooks/\(name)")
        try FileManager.default.createDirectory(
            at: path.deletingLastPathComponent(), withIntermediateDirectories: true)
        try ExecutableFile.write(Data(("#!/bin/sh\n" + body).utf8), to: path)
    }

    /// A laptop and a phone sharing a remote, Milk and Eggs on the list of both.
    static func household() throws -> (SyncLab, laptop: ShopProcess, phone: ShopProcess) {
        let lab = try SyncLab()
        do {
            let laptop = try HouseholdRecordTests.device("laptop", of: lab)
            let phone = try HouseholdRecordTests.device("phone", of: lab)
            try laptop.ok(["add", "Milk", "Eggs"])
            try lab.join(laptop, phone)
            return (lab, laptop, phone)
        } catch {
            lab.remove()
            throw error
        }
    }

    /// The purchase ids the remote's log holds, lowercased.
    static func remotePurchases(_ lab: SyncLab) throws -> Set<String> {
        let text = try SyncLab.git(["show", "main:shop.json.purchases"], in: lab.remote, expectSuccess: false)
        return RemoteLog(text: text).purchases
    }

    static func lowercased(_ ids: Set<String>) -> Set<String> { Set(ids.map { $0.lowercased() }) }

    /// The remote refuses the push (a hook, as a full disk or a permission would): the sync has already
    /// written what came in from the other device. Undoing that step would take back a purchase the
    /// household holds, so it is refused, although the sync never got as far as recording it level.
    @Test func undoKeepsWhatASyncBroughtInWhenItsPushWasRefused() throws {
        let (lab, laptop, phone) = try Self.household()
        defer { lab.remove() }
        try phone.ok(["buy", "Milk"])
        try phone.ok(["sync"])
        let bought = try HouseholdRecordTests.purchases(phone)
        #expect(bought.count == 1)
        try laptop.ok(["edit", "Eggs", "--note", "free range"])
        try Self.hook("pre-receive", "exit 1\n", in: lab.remote)
        let failed = try laptop.run(["sync"])
        #expect(failed.status != 0, "\(failed)")
        #expect(try HouseholdRecordTests.purchases(laptop) == bought)
        let refused = try laptop.run(["undo"])
        #expect(refused.status == 1, "\(refused)")
        #expect(
            refused.stderr.hasPrefix(
                "Error: cannot undo 'sync': what it logged has been synced and belongs to the household now\n"),
            "\(refused)")
        #expect(try HouseholdRecordTests.purchases(laptop) == bought)
    }

    /// The remote takes the push, and the sync is killed before it hears so (a hook kills it once): the
    /// purchase is the household's, so `undo` leaves it.
    @Test(.enabled(if: FileManager.default.fileExists(atPath: "/proc/self/stat")))
    func undoKeepsAPurchaseWhosePushLandedBeforeTheSyncWasKilled() throws {
        let (lab, laptop, phone) = try Self.household()
        defer { lab.remove() }
        try laptop.ok(["buy", "Milk"])
        let bought = try HouseholdRecordTests.purchases(laptop)
        // Once: the moment the remote's branch has moved, the processes up the chain of parents to `shop`
        // are killed (git's push with it, so nothing of the sync goes on), and nothing if no `shop` is
        // found. A reference-transaction hook, not post-receive: it runs before the remote reports back,
        // so `git push` is still waiting in the chain (post-receive may run after it has gone).
        let armed = lab.root.appendingPathComponent("kill-once")
        try Data().write(to: armed)
        try Self.hook(
            "reference-transaction",
            """
            [ "$1" = committed ] && [ -e '\(armed.path)' ] || exit 0
            rm -f '\(armed.path)'
            chain=''
            pid=$PPID
            while [ "$pid" -gt 1 ]; do
                chain="$chain $pid"
                if [ "$(cat /proc/$pid/comm)" = shop ]; then kill -9 $chain; exit 0; fi
                pid=$(cut -d ' ' -f 4 /proc/$pid/stat)
            done

            """, in: lab.remote)
        let killed = try laptop.run(["sync"])
        #expect(killed.status != 0, "\(killed)")
        #expect(try Self.remotePurchases(lab) == Self.lowercased(bought))
        let refused = try laptop.run(["undo"])
        #expect(refused.status == 1, "\(refused)")
        #expect(
            refused.stderr.hasPrefix(
                "Error: cannot undo 'buy Milk': what it logged has been synced and belongs to the household now\n"),
            "\(refused)")
        #expect(try HouseholdRecordTests.purchases(laptop) == bought)
        try laptop.ok(["sync"])
        try phone.ok(["sync"])
        #expect(try HouseholdRecordTests.purchases(phone) == bought)
    }

    /// The `unbuy` is committed by a sync that then cannot reach the remote; `undo` takes it back (it has
    /// not travelled). The next sync must not put the deletion back from the local commit: the purchase
    /// stays, on every device.
    @Test func anUndoneUnbuyThatNeverLeftTheDeviceStaysUndone() throws {
        let (lab, laptop, phone) = try Self.household()
        defer { lab.remove() }
        try laptop.ok(["buy", "Milk"])
        try laptop.ok(["sync"])
        let bought = try HouseholdRecordTests.purchases(laptop)
        try laptop.ok(["unbuy", "Milk"])
        let away = lab.root.appendingPathComponent("remote-away.git")
        try FileManager.default.moveItem(at: lab.remote, to: away)
        let unreachable = try laptop.run(["sync"])
        #expect(unreachable.status != 0, "\(unreachable)")
        try FileManager.default.moveItem(at: away, to: lab.remote)
        let undone = try laptop.run(["undo"])
        #expect(undone.status == 0, "\(undone)")
        #expect(try HouseholdRecordTests.purchases(laptop) == bought)
        for device in [laptop, phone, laptop] {
            try device.ok(["sync"])
            #expect(try HouseholdRecordTests.purchases(device) == bought)
        }
        #expect(try Self.remotePurchases(lab) == Self.lowercased(bought))
    }
}
