import Foundation
import Testing

/// SPEC 23, left from 20: a device joining a household refuses a git submodule where the purchase log belongs
/// (exit 65), with nothing written beside its repository's settings.
@Suite(.serialized, .enabled(if: SyncLab.hasGit, "git is not installed")) struct SyncJoinSubmoduleTests {
    @Test func joiningRefusesASubmoduleWhereTheLogBelongs() throws {
        let lab = try SyncLab()
        defer { lab.remove() }
        let first = try lab.device("first")
        try first.ok(["add", "milk"])
        try lab.join(first)
        // Another device's commit puts a gitlink where the log goes.
        let clone = try lab.attacker()
        try SyncLab.git(
            [
                "update-index", "--add", "--cacheinfo",
                "160000,1234567890123456789012345678901234567890,shop.json.purchases",
            ],
            in: clone)
        try SyncLab.git(["commit", "-q", "-m", "a submodule as the log"], in: clone)
        try SyncLab.git(["push", "-q", "origin", "HEAD:main"], in: clone)

        let joining = try lab.device("joining")
        try joining.ok(["sync", "init", lab.remote.path])
        let refused = try joining.run(["sync"])
        #expect(refused.status == 65, "\(refused)")
        #expect(refused.stderr.contains("shop.json.purchases': it is a submodule"), "\(refused)")
        #expect(!FileManager.default.fileExists(atPath: joining.syncedFile.path), "no data file was written")
    }
}
