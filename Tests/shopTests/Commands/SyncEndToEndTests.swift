import Foundation
import Testing

/// `shop sync init`, `shop sync` and the merge driver, with real git and real processes: a bare remote
/// and devices that edit apart and sync in turn until they hold the same list.
@Suite(.serialized, .enabled(if: SyncLab.hasGit)) struct SyncEndToEndTests {
    @Test func twoDevicesFromScratchEndWithTheSameList() throws {
        let lab = try SyncLab()
        defer { lab.remove() }
        let laptop = try lab.device("laptop")
        let phone = try lab.device("phone")
        try laptop.ok(["location", "add", "Dairy", "--order", "10"])
        try laptop.ok(["location", "add", "Deli", "--order", "20"])
        try laptop.ok(["add", "milk", "bread", "ham", "eggs", "-l", "dairy"])
        try laptop.ok(["store", "add", "Market", "Dairy"])
        var outcome = try laptop.ok(["sync", "init", lab.remote.path])
        #expect(outcome.stderr.contains("origin is \(lab.remote.path)"), "\(outcome)")
        // Running init again changes nothing.
        let head = try SyncLab.git(["rev-parse", "HEAD"], in: laptop.dataFolder)
        try laptop.ok(["sync", "init", lab.remote.path])
        #expect(try SyncLab.git(["rev-parse", "HEAD"], in: laptop.dataFolder) == head)
        outcome = try laptop.ok(["sync"])
        #expect(outcome.stderr.contains("sent"), "\(outcome)")

        // A device with no data yet: init + sync gets the shared list.
        try phone.ok(["sync", "init", lab.remote.path])
        outcome = try phone.ok(["sync", "--json"])
        let report = try #require(try JSONSerialization.jsonObject(with: Data(outcome.stdout.utf8)) as? [String: Any])
        #expect(
            ((report["received"] as? [String: Any])?["items"] as? [String: Any])?["added"] as? Int == 4, "\(outcome)")
        #expect(try phone.items().keys.sorted() == ["bread", "eggs", "ham", "milk"])

        // Divergent edits of every kind.
        try laptop.ok(["buy", "milk"])
        try laptop.ok(["edit", "bread", "-q", "3"])
        try laptop.ok(["add", "coffee"])
        try laptop.ok(["store", "order", "Market", "Deli", "Dairy"])
        try phone.ok(["edit", "bread", "--note", "rye"])
        try phone.ok(["remove", "eggs"])
        try phone.ok(["add", "tea"])
        try phone.ok(["location", "edit", "deli", "--name", "Delicatessen"])
        try phone.ok(["store", "add", "Corner"])
        for device in [laptop, phone, laptop] { try device.ok(["sync"]) }
        // Everything, the purchase log included, is the same on both devices.
        #expect(try laptop.run(["export"]).stdout == phone.run(["export"]).stdout)
        let items = try laptop.items()
        #expect(items.keys.sorted() == ["bread", "coffee", "ham", "milk", "tea"])
        #expect(items["bread"]?["quantity"] as? Int == 3 && items["bread"]?["note"] as? String == "rye")
        #expect(items["milk"]?["onList"] as? Bool == false)
        #expect(try laptop.run(["stores"]).stdout.contains("Corner"))
        #expect(try laptop.run(["store", "show", "Market", "--json"]).stdout.contains("Delicatessen"))
        // The changes a sync brought in are one undoable step.
        outcome = try laptop.ok(["undo"])
        #expect(outcome.stderr == "Undid: sync\n", "\(outcome)")
    }

    @Test func bothSidesEditingOneFieldTheLaterEditWinsAndIsReported() throws {
        let lab = try SyncLab()
        defer { lab.remove() }
        let laptop = try lab.device("laptop")
        let phone = try lab.device("phone")
        try laptop.ok(["add", "milk", "apples", "pears"])
        try laptop.ok(["location", "add", "Deli"])
        try lab.join(laptop, phone)

        try phone.ok(["edit", "milk", "-q", "2"])
        // Stamps are whole seconds: the laptop's edit of the same field is a second later, so it wins.
        Thread.sleep(forTimeInterval: 1.1)
        try laptop.ok(["edit", "milk", "-q", "5"])
        try phone.ok(["sync"])
        // Removed on one side, edited on the other: the edit survives. The same new name on both sides: one.
        try laptop.ok(["remove", "apples"])
        try phone.ok(["edit", "apples", "--note", "green ones"])
        try laptop.ok(["add", "Oranges"])
        try phone.ok(["add", "oranges"])
        // A location removed on one side while the other puts an item at it.
        try laptop.ok(["location", "remove", "Deli"])
        try phone.ok(["add", "salami", "-l", "Deli"])
        try phone.ok(["sync"])
        let outcome = try laptop.ok(["sync"])
        #expect(outcome.stderr.contains("shop: conflict: "), "\(outcome)")
        try phone.ok(["sync"])
        #expect(try laptop.run(["export"]).stdout == phone.run(["export"]).stdout)
        let items = try laptop.items()
        #expect(items["milk"]?["quantity"] as? Int == 5)
        #expect(items["apples"]?["note"] as? String == "green ones")
        #expect(items.keys.filter { $0.lowercased() == "oranges" }.count == 1)
        #expect(try laptop.run(["show", "salami", "--json"]).stdout.contains("\"location\" : \"Unknown Location\""))
        #expect(try laptop.run(["locations"]).stdout.contains("Deli") == false)
    }

    @Test func plainGitMergeInADotfilesRepositoryUsesTheDriver() throws {
        let lab = try SyncLab()
        defer { lab.remove() }
        let shop = try lab.device("dotfiles")
        try shop.ok(["add", "milk", "bread"])
        try shop.ok(["sync", "init"])
        let repo = shop.dataFolder
        try SyncLab.git(["checkout", "-q", "-b", "other"], in: repo)
        try shop.ok(["edit", "milk", "-q", "4"])
        try SyncLab.git(["commit", "-q", "-am", "other"], in: repo)
        try SyncLab.git(["checkout", "-q", "main"], in: repo)
        try shop.ok(["edit", "bread", "--note", "rye"])
        try SyncLab.git(["commit", "-q", "-am", "main"], in: repo)
        try SyncLab.git(["merge", "-q", "--no-edit", "other"], in: repo)
        let items = try shop.items()
        #expect(items["milk"]?["quantity"] as? Int == 4 && items["bread"]?["note"] as? String == "rye")
    }

    @Test func unreachableRemoteKeepsTheCommitAndTheNextSyncPushesIt() throws {
        let lab = try SyncLab()
        defer { lab.remove() }
        let shop = try lab.device("laptop")
        try shop.ok(["add", "milk"])
        let missing = lab.root.appendingPathComponent("nowhere.git").path
        try shop.ok(["sync", "init", missing])
        try shop.ok(["add", "eggs"])
        let outcome = try shop.run(["sync"])
        #expect(outcome.status == 74 && outcome.stderr.contains("cannot reach"), "\(outcome)")
        #expect(outcome.stderr.contains("Hint: your changes are committed locally"))
        #expect(try SyncLab.git(["status", "--porcelain", "shop.json"], in: shop.dataFolder).isEmpty)
        try SyncLab.git(["remote", "set-url", "origin", lab.remote.path], in: shop.dataFolder)
        #expect(try shop.ok(["sync"]).stderr.contains("sent 2 commits"))
    }

    @Test func mistakesAndFaultsFailCleanly() throws {
        let lab = try SyncLab()
        defer { lab.remove() }
        let shop = try lab.device("laptop")
        try shop.ok(["add", "milk"])
        var outcome = try shop.run(["sync"])
        #expect(outcome.status == 1 && outcome.stderr.contains("is not in a git repository"), "\(outcome)")
        #expect(outcome.stderr.contains("Hint: 'shop sync init [URL]' sets it up"))
        outcome = try shop.run(["sync"], environment: ["PATH": "/nonexistent"])
        #expect(outcome.status == 1 && outcome.stderr.contains("git is not installed"), "\(outcome)")
        try shop.ok(["sync", "init"])
        outcome = try shop.run(["sync"])
        #expect(outcome.status == 1 && outcome.stderr.contains("no remote 'origin'"), "\(outcome)")
        try shop.ok(["sync", "init", lab.remote.path])
        let before = try Data(contentsOf: shop.dataFolder.appendingPathComponent(".git/config"))
        outcome = try shop.run(["sync", "init", "/elsewhere.git"])
        #expect(outcome.status == 1 && outcome.stderr.contains("already"), "\(outcome)")
        #expect(try Data(contentsOf: shop.dataFolder.appendingPathComponent(".git/config")) == before)
        outcome = try shop.run(["sync", "extra"])
        #expect(outcome.status == 64, "\(outcome)")
    }

    @Test func aDamagedOrNewerRemoteFileAbortsTheMergeWithExit65() throws {
        let lab = try SyncLab()
        defer { lab.remove() }
        let laptop = try lab.device("laptop")
        let other = try lab.device("other")
        try laptop.ok(["add", "milk"])
        try lab.join(laptop, other)
        for damage in [#"{"version": 99, "items": []}"#, "{ not json"] {
            // Another device (an old or broken tool) pushes a file shop must not merge.
            try Data(damage.utf8).write(to: other.syncedFile)
            try SyncLab.git(["commit", "-q", "-am", "damage"], in: other.dataFolder)
            try SyncLab.git(["push", "-q", "origin", "main"], in: other.dataFolder)
            try laptop.ok(["add", "bread\(damage.count)"])
            let before = try Data(contentsOf: laptop.syncedFile)
            let head = try SyncLab.git(["rev-parse", "HEAD"], in: laptop.dataFolder)
            let outcome = try laptop.run(["sync"])
            #expect(outcome.status == 65, "\(outcome)")
            #expect(try Data(contentsOf: laptop.syncedFile) == before)
            // Checked before anything local changes: the local change is not even committed (SPEC 8.1).
            #expect(try SyncLab.git(["rev-parse", "HEAD"], in: laptop.dataFolder) == head)
            #expect(try SyncLab.git(["status", "--porcelain"], in: laptop.dataFolder) == "M shop.json")
            try SyncLab.git(["reset", "-q", "--hard", "HEAD~1"], in: other.dataFolder)
            try SyncLab.git(["push", "-q", "-f", "origin", "main"], in: other.dataFolder)
        }
        try laptop.ok(["sync"])
    }

    @Test func mergeFileFollowsGitsDriverContract() throws {
        let lab = try SyncLab()
        defer { lab.remove() }
        let shop = try lab.device("d")
        try shop.ok(["add", "milk"])
        let base = lab.root.appendingPathComponent("base.json")
        let theirs = lab.root.appendingPathComponent("theirs.json")
        try FileManager.default.copyItem(at: shop.syncedFile, to: base)
        try shop.ok(["add", "eggs"])
        try FileManager.default.copyItem(at: shop.syncedFile, to: theirs)
        try FileManager.default.copyItem(at: base, to: lab.root.appendingPathComponent("ours.json"))
        let ours = lab.root.appendingPathComponent("ours.json")
        var outcome = try shop.run(["merge-file", base.path, ours.path, theirs.path])
        #expect(outcome.status == 0, "\(outcome)")
        #expect(try String(contentsOf: ours, encoding: .utf8).contains("\"name\" : \"eggs\""))
        try Data("{ broken".utf8).write(to: theirs)
        let kept = try Data(contentsOf: ours)
        outcome = try shop.run(["merge-file", base.path, ours.path, theirs.path])
        #expect(outcome.status == 1 && outcome.stderr.contains("is not valid shop data"), "\(outcome)")
        #expect(try Data(contentsOf: ours) == kept)
        // A side that does not exist is a conflict for git too: exit 1, OURS untouched.
        outcome = try shop.run(["merge-file", base.path, ours.path, lab.root.appendingPathComponent("gone.json").path])
        #expect(outcome.status == 1 && outcome.stderr.contains("cannot read"), "\(outcome)")
        #expect(try Data(contentsOf: ours) == kept)
        // An empty base (a file added on both sides) merges as two additions.
        try Data().write(to: base)
        try FileManager.default.copyItem(
            at: ours, to: theirs.deletingLastPathComponent().appendingPathComponent("t2.json"))
        outcome = try shop.run(["merge-file", base.path, ours.path, lab.root.appendingPathComponent("t2.json").path])
        #expect(outcome.status == 0, "\(outcome)")
    }
}

extension SyncEndToEndTests {
    @Test func aDataFolderIgnoredByAnEnclosingRepositoryGetsItsOwn() throws {
        let lab = try SyncLab()
        defer { lab.remove() }
        // A home directory kept in git that ignores everything under it but its dotfiles.
        try SyncLab.git(["init", "-q", "-b", "main"], in: lab.root)
        try Data("*\n".utf8).write(to: lab.root.appendingPathComponent(".gitignore"))
        let shop = try lab.device("home/.local/share/shop")
        try shop.ok(["add", "milk"])
        let outcome = try shop.ok(["sync", "init", lab.remote.path])
        #expect(outcome.stderr.contains("Created a git repository in \(shop.dataFolder.path)"), "\(outcome)")
        try shop.ok(["sync"])
        #expect(try SyncLab.git(["ls-tree", "--name-only", "main"], in: lab.remote).contains("shop.json"))
    }
}
