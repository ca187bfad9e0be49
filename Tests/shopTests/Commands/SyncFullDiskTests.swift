import Foundation
import Testing

#if canImport(Glibc)
    import Glibc
#endif

/// SPEC 14, "full disk, exactly": the data file changes only after git has written every object the new
/// commit needs. A merge sync run with 0 to 256 KiB free leaves the data file byte for byte as it was and no
/// new file in its folder (no `.merge_file_*`, no temporary file) whenever it fails, and the next sync with
/// room brings both sides in.
@Suite(.serialized, .enabled(if: SyncLab.hasGit)) struct SyncFullDiskTests {
    static let freeSizes = [0, 8, 32, 56, 64, 96, 128, 192, 256]

    @Test(.enabled(if: SyncAttributesAndDiskTests.canMountTmpfs, "needs root and mount(8) for a small tmpfs"))
    func aMergeSyncAtEveryFreeSizeChangesNothingWhenItFails() throws {
        let lab = try SyncLab()
        defer { lab.remove() }
        // Room for nine rounds of a growing file, its git objects and its undo copies (24 MiB once ran
        // out even after the filler was removed); the filler takes all of it back each round anyway.
        let disk = lab.root.appendingPathComponent("disk")
        try FileManager.default.createDirectory(at: disk, withIntermediateDirectories: true)
        // Required, not expected: without the mount the filler below would fill the machine's own disk.
        try #require(
            SyncAttributesAndDiskTests.run("/usr/bin/mount", ["-t", "tmpfs", "-o", "size=64m", "tmpfs", disk.path]) == 0
        )
        defer { SyncAttributesAndDiskTests.run("/usr/bin/umount", ["-l", disk.path]) }
        let laptop = try lab.device("disk/laptop")
        let phone = try lab.device("phone")
        try laptop.ok(["add", "milk"])
        try lab.join(laptop, phone)
        var failures = 0
        for (round, free) in Self.freeSizes.enumerated() {
            // Both sides change: a merge, with a large change coming in (about 100 KB of data file).
            let names = (0..<300).map { "round \(round) item \($0) with a name long enough to take some room" }
            #expect(try phone.run(["add", "-"], input: names.joined(separator: "\n")).status == 0)
            try phone.ok(["sync"])
            try laptop.ok(["add", "laptop \(round)"])
            let filler = disk.appendingPathComponent("filler")
            Self.fill(filler, leaving: free * 1024)
            let data = try Data(contentsOf: laptop.syncedFile)
            let files = try Self.files(laptop.dataFolder)
            let outcome = try laptop.run(["sync"])
            if outcome.status != 0 {
                failures += 1
                #expect(outcome.status == 1 || outcome.status == 74, "\(free) KiB: \(outcome)")
                #expect(try Data(contentsOf: laptop.syncedFile) == data, "\(free) KiB free: the data file changed")
                #expect(try Self.files(laptop.dataFolder) == files, "\(free) KiB free: \(outcome)")
            }
            try Self.empty(filler)
            try laptop.ok(["sync"])
            try phone.ok(["sync"])
            let (mine, theirs) = (try laptop.items(), try phone.items())
            let differ = Set(mine.keys).symmetricDifference(theirs.keys)
            #expect(differ.isEmpty, "\(free) KiB free: the sides differ in \(differ.sorted().prefix(3))")
            #expect(mine["laptop \(round)"] != nil && mine[names[0]] != nil, "\(free) KiB free")
        }
        // The small sizes cannot hold the merge: the sweep really met a full disk.
        #expect(failures > 0)
    }

    /// Fills the file system of `filler` and frees `bytes` again. Opened close-on-exec: the suite starts
    /// processes on other threads meanwhile (servers, browsers), and one that inherited the descriptor
    /// would keep the deleted filler's room taken after ``empty(_:)``.
    static func fill(_ filler: URL, leaving bytes: Int) {
        let descriptor = open(filler.path, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0o600)
        guard descriptor >= 0 else { return }
        let chunk = [UInt8](repeating: 0, count: 65_536)
        var size = 0
        while true {
            let written = chunk.withUnsafeBytes { write(descriptor, $0.baseAddress, $0.count) }
            if written > 0 { size += written } else if written < 0 && errno == EINTR { continue } else { break }
        }
        _ = ftruncate(descriptor, off_t(max(0, size - bytes)))
        close(descriptor)
    }

    /// Gives the filler's room back: cut to nothing first, which frees it even if some process holds it.
    static func empty(_ filler: URL) throws {
        truncate(filler.path, 0)
        try FileManager.default.removeItem(at: filler)
    }

    /// The names in `folder` (not inside `.git`), to prove no file was left behind.
    static func files(_ folder: URL) throws -> [String] {
        try FileManager.default.contentsOfDirectory(atPath: folder.path).sorted()
    }
}
