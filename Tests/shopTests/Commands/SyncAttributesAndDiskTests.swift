import Foundation
import Testing

#if canImport(Glibc)
    import Glibc
#endif

/// SPEC 8.1 "attributes cannot be changed from outside" and "full disk": a remote `.gitattributes` that
/// asks git for a union merge or a UTF-16 working tree changes nothing, and a disk that fills during a
/// sync leaves the data file exactly as it was.
@Suite(.serialized, .enabled(if: SyncLab.hasGit)) struct SyncAttributesAndDiskTests {
    @Test(arguments: ["merge=union", "working-tree-encoding=UTF-16"])
    func aRemoteGitattributesCannotGarbleTheList(_ attribute: String) throws {
        let lab = try SyncLab()
        defer { lab.remove() }
        let laptop = try lab.device("laptop")
        let phone = try lab.device("phone")
        try laptop.ok(["add", "milk", "eggs", "bread"])
        try lab.join(laptop, phone)
        // The phone's repository is talked into the hostile attribute, as a remote commit would.
        try Data("shop.json \(attribute)\n".utf8).write(to: phone.dataFolder.appendingPathComponent(".gitattributes"))
        try SyncLab.git(["commit", "-q", "-m", "attributes", ".gitattributes"], in: phone.dataFolder)
        try phone.ok(["add", "tea"])
        try phone.ok(["edit", "milk", "-q", "2"])
        try phone.ok(["sync"])
        // The same lines changed on both sides, so a line-by-line (union) merge would keep both.
        Thread.sleep(forTimeInterval: 1.1)
        try laptop.ok(["edit", "milk", "-q", "5", "--note", "laptop"])
        try laptop.ok(["add", "coffee"])
        try laptop.ok(["buy", "eggs"])
        try laptop.ok(["sync"])
        try phone.ok(["sync"])
        for device in [laptop, phone] {
            let bytes = try Data(contentsOf: device.syncedFile)
            #expect(bytes.first == UInt8(ascii: "{"), "still UTF-8 JSON")
            #expect(try device.run(["list"]).status == 0)
            // Clean, but for the one thing a device never commits alone (SPEC 14, a quiet history): its data
            // file names its own purchase log (the marker's inode) where HEAD names another device's.
            let status = try SyncLab.git(["status", "--porcelain"], in: device.dataFolder)
            #expect(status.isEmpty || status == "M shop.json", "\(status)")
            let diff = try SyncLab.git(["diff", "-U0", "--", "shop.json"], in: device.dataFolder)
            let changed = diff.split(separator: "\n").filter { $0.hasPrefix("+ ") || $0.hasPrefix("- ") }
            #expect(changed.allSatisfy { $0.contains("\"inode\"") }, "\(diff)")
            let attributes = try String(
                contentsOf: device.dataFolder.appendingPathComponent(".git/info/attributes"), encoding: .utf8)
            #expect(attributes.contains("/shop.json merge=shop -text"), "\(attributes)")
            let exclude = try String(
                contentsOf: device.dataFolder.appendingPathComponent(".git/info/exclude"), encoding: .utf8)
            #expect(exclude.contains("/shop.json.device"), "\(exclude)")
        }
        #expect(try laptop.run(["export"]).stdout == phone.run(["export"]).stdout)
        let items = try laptop.items()
        #expect(items.keys.sorted() == ["bread", "coffee", "eggs", "milk", "tea"])
        #expect(items["milk"]?["quantity"] as? Int == 5 && items["eggs"]?["onList"] as? Bool == false)
    }

    /// Root and `mount` are needed for a small tmpfs.
    static let canMountTmpfs: Bool = {
        guard getuid() == 0, FileManager.default.isExecutableFile(atPath: "/usr/bin/mount") else { return false }
        let probe = FileManager.default.temporaryDirectory.appendingPathComponent("shop-tmpfs-probe-\(getpid())")
        try? FileManager.default.createDirectory(at: probe, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: probe) }
        guard run("/usr/bin/mount", ["-t", "tmpfs", "-o", "size=64k", "tmpfs", probe.path]) == 0 else { return false }
        return run("/usr/bin/umount", [probe.path]) == 0
    }()

    @discardableResult
    static func run(_ tool: String, _ arguments: [String]) -> Int32 {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: tool)
        process.arguments = arguments
        process.standardOutput = FileHandle.nullDevice
        process.standardError = FileHandle.nullDevice
        guard (try? process.run()) != nil else { return -1 }
        process.waitUntilExit()
        return process.terminationStatus
    }

    @Test(.enabled(if: canMountTmpfs, "needs root and mount(8) for a small tmpfs"))
    func aFullDiskLeavesTheDataFileAsItWasAndTheNextSyncSucceeds() throws {
        let lab = try SyncLab()
        defer { lab.remove() }
        let laptop = try lab.device("disk/laptop")
        let disk = lab.root.appendingPathComponent("disk")
        try FileManager.default.createDirectory(at: disk, withIntermediateDirectories: true)
        try #require(Self.run("/usr/bin/mount", ["-t", "tmpfs", "-o", "size=3m", "tmpfs", disk.path]) == 0)
        defer { Self.run("/usr/bin/umount", ["-l", disk.path]) }
        let phone = try lab.device("phone")
        try laptop.ok(["add", "milk"])
        try lab.join(laptop, phone)
        // A big change comes in: thousands of items, about a megabyte of data file.
        let names = (0..<4000).map { "item number \($0) with a fairly long name to take room" }
        let added = try phone.run(["add", "-"], input: names.joined(separator: "\n"))
        #expect(added.status == 0, "\(added)")
        try phone.ok(["sync"])
        // Fill the disk, then free just enough for git's compressed objects but not for the new file.
        let filler = disk.appendingPathComponent("filler")
        SyncFullDiskTests.fill(filler, leaving: 400 * 1024)
        let before = try DeviceState(laptop, outside: phone.dataFolder)
        let outcome = try laptop.run(["sync"])
        #expect(outcome.status == 74 || outcome.status == 1, "\(outcome)")
        #expect(outcome.stderr.contains("No space left") || outcome.stderr.contains("space"), "\(outcome)")
        var after = try DeviceState(laptop, outside: phone.dataFolder)
        #expect(after.data == before.data && after.head == before.head)
        let leftovers = try FileManager.default.contentsOfDirectory(atPath: laptop.dataFolder.path)
            .filter { $0.hasPrefix(".shop.json.tmp") }
        #expect(leftovers.isEmpty, "\(leftovers)")
        // With room again, the next sync succeeds and brings the items in.
        try SyncFullDiskTests.empty(filler)
        try laptop.ok(["sync"])
        #expect(try laptop.items().count == 4001)
        after = try DeviceState(laptop, outside: phone.dataFolder)
        #expect(after.status.isEmpty)
    }
}
