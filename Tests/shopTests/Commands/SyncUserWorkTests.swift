import Foundation
import Testing

/// SPEC 8.1 "never take the user's work": a dotfiles repository where the list lives beside the user's
/// own files, with their merge in progress, their local edits, and a lock left by someone else.
@Suite(.serialized, .enabled(if: SyncLab.hasGit)) struct SyncUserWorkTests {
    /// Two clones of a dotfiles repository holding `bashrc` and the list in `shop/shop.json`.
    struct Dotfiles {
        let lab: SyncLab
        var laptop: ShopProcess
        var phone: ShopProcess
        var laptopRepo: URL { lab.root.appendingPathComponent("dot-laptop") }
        var phoneRepo: URL { lab.root.appendingPathComponent("dot-phone") }

        init() throws {
            lab = try SyncLab()
            let seed = lab.root.appendingPathComponent("seed")
            try SyncLab.git(["init", "-q", "-b", "main", seed.path], in: lab.root)
            try Data("alias ll='ls -l'\n".utf8).write(to: seed.appendingPathComponent("bashrc"))
            try SyncLab.git(["add", "bashrc"], in: seed)
            try SyncLab.git(["commit", "-q", "-m", "bashrc"], in: seed)
            try SyncLab.git(["push", "-q", lab.remote.path, "main"], in: seed)
            laptop = try lab.device("dot-laptop/shop")
            phone = try lab.device("dot-phone/shop")
            for repo in ["dot-laptop", "dot-phone"] {
                try SyncLab.git(
                    ["clone", "-q", lab.remote.path, lab.root.appendingPathComponent(repo).path], in: lab.root)
            }
            try laptop.ok(["add", "milk"])
            try laptop.ok(["sync", "init"])
            try laptop.ok(["sync"])
            try phone.ok(["sync", "init"])
            try phone.ok(["sync"])
            try laptop.ok(["sync"])
        }

        func commitBashrc(_ text: String, in repo: URL, push: Bool) throws {
            try Data(text.utf8).write(to: repo.appendingPathComponent("bashrc"))
            try SyncLab.git(["commit", "-q", "-m", "bashrc", "bashrc"], in: repo)
            if push { try SyncLab.git(["push", "-q", "origin", "main"], in: repo) }
        }
    }

    @Test func aMergeInProgressIsLeftAloneWithTheFilesNamed() throws {
        let dot = try Dotfiles()
        defer { dot.lab.remove() }
        try dot.commitBashrc("alias ll='ls -la'\n", in: dot.laptopRepo, push: true)
        try dot.commitBashrc("alias ll='ls -lh'\n", in: dot.phoneRepo, push: false)
        try SyncLab.git(["pull", "-q", "--no-rebase", "origin", "main"], in: dot.phoneRepo, expectSuccess: false)
        // The user resolves the conflict and stages it, but has not committed yet.
        let resolution = "alias ll='ls -lah'\n"
        try Data(resolution.utf8).write(to: dot.phoneRepo.appendingPathComponent("bashrc"))
        try SyncLab.git(["add", "bashrc"], in: dot.phoneRepo)
        try dot.phone.ok(["add", "tea"])
        let before = try DeviceState(dot.phone, outside: dot.laptopRepo)
        let outcome = try dot.phone.run(["sync"])
        #expect(outcome.status == 1, "\(outcome)")
        #expect(
            outcome.stderr.contains("a merge is in progress") && outcome.stderr.contains("git merge --abort"),
            "\(outcome)")
        #expect(try DeviceState(dot.phone, outside: dot.laptopRepo) == before)
        #expect(FileManager.default.fileExists(atPath: dot.phoneRepo.appendingPathComponent(".git/MERGE_HEAD").path))
        #expect(try SyncLab.git(["show", ":bashrc"], in: dot.phoneRepo) + "\n" == resolution)
        // Once the user finishes, the next sync sends the list.
        try SyncLab.git(["commit", "-q", "--no-edit"], in: dot.phoneRepo)
        try dot.phone.ok(["sync"])
        try dot.laptop.ok(["sync"])
        #expect(try dot.laptop.items().keys.sorted() == ["milk", "tea"])
        #expect(try String(contentsOf: dot.laptopRepo.appendingPathComponent("bashrc"), encoding: .utf8) == resolution)
    }

    @Test func localEditsToIncomingFilesAreKeptAndTheListCommitWaits() throws {
        let dot = try Dotfiles()
        defer { dot.lab.remove() }
        try dot.commitBashrc("alias ll='ls -la'\n", in: dot.laptopRepo, push: true)
        let edit = "alias ll='ls -l --color'\n"
        try Data(edit.utf8).write(to: dot.phoneRepo.appendingPathComponent("bashrc"))
        try dot.phone.ok(["add", "tea"])
        let data = try Data(contentsOf: dot.phone.syncedFile)
        let outcome = try dot.phone.run(["sync"])
        #expect(outcome.status == 1, "\(outcome)")
        #expect(outcome.stderr.contains("bashrc") && outcome.stderr.contains("committed and safe"), "\(outcome)")
        #expect(try String(contentsOf: dot.phoneRepo.appendingPathComponent("bashrc"), encoding: .utf8) == edit)
        #expect(try Data(contentsOf: dot.phone.syncedFile) == data)
        // The list's own change is committed, alone.
        #expect(try SyncLab.git(["show", "HEAD:shop/shop.json"], in: dot.phoneRepo).contains("tea"))
        #expect(try SyncLab.git(["status", "--porcelain"], in: dot.phoneRepo) == "M bashrc")
        // Without the local edit, the incoming bashrc lands and the list goes out.
        try SyncLab.git(["checkout", "-q", "--", "bashrc"], in: dot.phoneRepo)
        try dot.phone.ok(["sync"])
        #expect(
            try String(contentsOf: dot.phoneRepo.appendingPathComponent("bashrc"), encoding: .utf8)
                == "alias ll='ls -la'\n")
        #expect(try SyncLab.git(["status", "--porcelain"], in: dot.phoneRepo).isEmpty)
        try dot.laptop.ok(["sync"])
        #expect(try dot.laptop.items().keys.sorted() == ["milk", "tea"])
    }

    /// Both ways of merging the other files: `git merge-tree` (git 2.38 and later) and path by path.
    @Test(arguments: [false, true])
    func otherFilesChangedOnBothSidesMergeOrAreLeftToTheUser(_ byPath: Bool) throws {
        var dot = try Dotfiles()
        defer { dot.lab.remove() }
        if byPath { dot.phone.environment["SHOP_SYNC_MERGE_BY_PATH"] = "1" }
        try dot.commitBashrc("alias ll='ls -la'\n", in: dot.laptopRepo, push: true)
        try Data("set number\n".utf8).write(to: dot.phoneRepo.appendingPathComponent("vimrc"))
        try SyncLab.git(["add", "vimrc"], in: dot.phoneRepo)
        try SyncLab.git(["commit", "-q", "-m", "vimrc"], in: dot.phoneRepo)
        try dot.phone.ok(["add", "tea"])
        try dot.phone.ok(["sync"])
        #expect(
            try String(contentsOf: dot.phoneRepo.appendingPathComponent("bashrc"), encoding: .utf8)
                == "alias ll='ls -la'\n")
        #expect(try SyncLab.git(["status", "--porcelain"], in: dot.phoneRepo).isEmpty)
        try dot.laptop.ok(["sync"])
        #expect(FileManager.default.fileExists(atPath: dot.laptopRepo.appendingPathComponent("vimrc").path))
        #expect(try dot.laptop.items().keys.sorted() == ["milk", "tea"])
        // The same line of bashrc changed on both sides: left to the user, the list's change committed.
        try dot.commitBashrc("alias ll='ls -l1'\n", in: dot.laptopRepo, push: true)
        try dot.commitBashrc("alias ll='ls -l2'\n", in: dot.phoneRepo, push: false)
        try dot.phone.ok(["add", "coffee"])
        let data = try Data(contentsOf: dot.phone.syncedFile)
        let outcome = try dot.phone.run(["sync"])
        #expect(outcome.status == 1 && outcome.stderr.contains("changed the same files: bashrc"), "\(outcome)")
        #expect(try Data(contentsOf: dot.phone.syncedFile) == data)
        #expect(try SyncLab.git(["show", "HEAD:shop/shop.json"], in: dot.phoneRepo).contains("coffee"))
        #expect(try SyncLab.git(["status", "--porcelain"], in: dot.phoneRepo).isEmpty)
    }

    @Test func aStaleIndexLockIsRemovedOnlyWhenShopProvesItIsItsOwn() throws {
        let lab = try SyncLab()
        defer { lab.remove() }
        let shop = try lab.device("laptop")
        try shop.ok(["add", "milk"])
        try shop.ok(["sync", "init", lab.remote.path])
        try shop.ok(["add", "eggs"])
        let lock = shop.dataFolder.appendingPathComponent(".git/index.lock")
        // Someone else's lock: explained, left alone.
        try Data().write(to: lock)
        let head = try SyncLab.git(["rev-parse", "HEAD"], in: shop.dataFolder)
        var outcome = try shop.run(["sync"])
        #expect(outcome.status == 1, "\(outcome)")
        #expect(outcome.stderr.contains("index.lock") && outcome.stderr.contains("rm "), "\(outcome)")
        #expect(FileManager.default.fileExists(atPath: lock.path))
        #expect(try SyncLab.git(["rev-parse", "HEAD"], in: shop.dataFolder) == head)
        // One left by a sync that was killed (its record names a process that is gone): removed.
        let gone = Process()
        gone.executableURL = URL(fileURLWithPath: "/bin/true")
        try gone.run()
        gone.waitUntilExit()
        try FileManager.default.removeItem(at: lock)
        try Data("\(gone.processIdentifier)\n".utf8).write(
            to: shop.dataFolder.appendingPathComponent(".git/shop-sync.pid"))
        Thread.sleep(forTimeInterval: 1.1)
        try Data().write(to: lock)
        outcome = try shop.run(["sync"])
        #expect(outcome.status == 0, "\(outcome)")
        #expect(!FileManager.default.fileExists(atPath: lock.path))
    }

    @Test func aDataFileThatIsALinkIsNotSynced() throws {
        let lab = try SyncLab()
        defer { lab.remove() }
        let shop = try lab.device("laptop")
        try shop.ok(["add", "milk"])
        try shop.ok(["sync", "init", lab.remote.path])
        let real = lab.root.appendingPathComponent("elsewhere.json")
        try FileManager.default.moveItem(at: shop.syncedFile, to: real)
        try FileManager.default.createSymbolicLink(atPath: shop.syncedFile.path, withDestinationPath: real.path)
        let outcome = try shop.run(["sync"])
        #expect(outcome.status == 1 && outcome.stderr.contains("symbolic link"), "\(outcome)")
    }
}
