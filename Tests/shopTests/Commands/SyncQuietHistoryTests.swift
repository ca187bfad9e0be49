import Foundation
import Testing

/// SPEC 14, "a quiet history": a sync with nothing of its own to send makes no commit, a remote that alone
/// moved is fast-forwarded to, a merge commit is made only when both sides changed, and commit messages
/// name what changed, authored by the device's name.
@Suite(.serialized, .enabled(if: SyncLab.hasGit)) struct SyncQuietHistoryTests {
    /// Four devices named after themselves, sharing one list (with a purchase in its log, which names each
    /// device's own log file: the change a household's devices used to send back and forth).
    func household(_ lab: SyncLab) throws -> [ShopProcess] {
        let devices = try ["laptop", "phone", "tablet", "kitchen"].map { try lab.device($0) }
        for (device, name) in zip(devices, ["laptop", "phone", "tablet", "kitchen"]) {
            try device.ok(["device", "name", name])
        }
        try devices[0].ok(["add", "milk", "eggs", "bread"])
        try devices[0].ok(["buy", "bread"])
        for device in devices { try lab.join(device) }
        for device in devices { try device.ok(["sync"]) }
        return devices
    }

    func commits(_ lab: SyncLab) throws -> Int {
        Int(try SyncLab.git(["rev-list", "--count", "main"], in: lab.remote)) ?? -1
    }

    func head(_ device: ShopProcess) throws -> String {
        try SyncLab.git(["rev-parse", "HEAD"], in: device.dataFolder)
    }

    @Test func fourDevicesSyncingTenTimesEachWithNothingToSendAddNoCommit() throws {
        let lab = try SyncLab()
        defer { lab.remove() }
        let devices = try household(lab)
        let before = try commits(lab)
        for _ in 0..<10 {
            for device in devices {
                let outcome = try device.ok(["sync"])
                #expect(
                    outcome.stderr.hasPrefix(
                        "Synced with origin/main: no local changes; nothing came in; nothing to send"), "\(outcome)")
            }
        }
        #expect(try commits(lab) == before)
        let tip = try SyncLab.git(["rev-parse", "main"], in: lab.remote)
        for device in devices { #expect(try head(device) == tip) }
    }

    @Test func aChangeOnlyTheRemoteHasIsAFastForward() throws {
        let lab = try SyncLab()
        defer { lab.remove() }
        let laptop = try lab.device("laptop")
        let phone = try lab.device("phone")
        try laptop.ok(["add", "milk"])
        try lab.join(laptop, phone)
        try laptop.ok(["add", "tea"])
        try laptop.ok(["sync"])
        let outcome = try phone.ok(["sync"])
        #expect(outcome.stderr.contains("nothing to send") && outcome.stderr.contains("came in: + tea"), "\(outcome)")
        #expect(try head(phone) == SyncLab.git(["rev-parse", "main"], in: lab.remote))
        // A device that joins with no list of its own fast-forwards too: its setup commit holds nothing new.
        let tablet = try lab.device("tablet")
        try lab.join(tablet)
        #expect(try head(tablet) == SyncLab.git(["rev-parse", "main"], in: lab.remote))
        #expect(try SyncLab.git(["log", "--merges", "--oneline", "main"], in: lab.remote).isEmpty)
    }

    @Test func fiveRoundsOfChangesAddOneCommitPerChangeAndAMergeOnlyWhenBothSidesChanged() throws {
        let lab = try SyncLab()
        defer { lab.remove() }
        let devices = try household(lab)
        let (laptop, phone, tablet, kitchen) = (devices[0], devices[1], devices[2], devices[3])
        let rounds: [(changes: [(ShopProcess, [String])], commits: Int, subject: String?, author: String?)] = [
            ([(laptop, ["add", "tea"])], 1, "add tea", "laptop"),
            ([(phone, ["buy", "milk"])], 1, "buy milk", "phone"),
            // Two devices changed apart: the second to sync commits, then merges.
            (
                [(laptop, ["edit", "eggs", "-q", "3"]), (tablet, ["add", "jam"])], 3,
                "merge origin/main: edit eggs (quantity)", "tablet"
            ),
            ([], 0, nil, nil),
            (
                [(kitchen, ["drop", "eggs"]), (phone, ["edit", "jam", "--every", "auto"])], 3,
                "merge origin/main: edit jam (restock every)", "kitchen"
            ),
        ]
        for (number, round) in rounds.enumerated() {
            for (device, command) in round.changes { try device.ok(command) }
            let before = try commits(lab)
            for _ in 0..<2 {
                for device in devices { try device.ok(["sync"]) }
            }
            #expect(try commits(lab) - before == round.commits, "round \(number + 1)")
            if let subject = round.subject, let author = round.author {
                let last = try SyncLab.git(["log", "-1", "--format=%an%n%s", "main"], in: lab.remote)
                #expect(last == "\(author)\n\(subject)", "round \(number + 1): \(last)")
            }
        }
        // Every device ends on the remote's tip, and every message names what changed.
        let tip = try SyncLab.git(["rev-parse", "main"], in: lab.remote)
        for device in devices { #expect(try head(device) == tip) }
        let subjects = try SyncLab.git(["log", "--format=%s", "main"], in: lab.remote)
        #expect(subjects.contains("edit jam (restock every)"), "\(subjects)")
        #expect(!subjects.contains("shop.json on"), "\(subjects)")
    }
}
