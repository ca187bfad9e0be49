import Foundation
import Testing

/// Runs `shop` with its standard streams wired to files the test chooses (`/dev/full`, a closed pipe,
/// `/dev/zero`), and returns its exit status and what it wrote to standard error.
func runWired(
    _ shop: ShopProcess, _ arguments: [String], stdin: FileHandle? = nil, stdout: FileHandle? = nil,
    stderrTo errorPath: String? = nil
) throws -> (status: Int32, stderr: String) {
    let process = Process()
    process.executableURL = ShopProcess.executable
    process.arguments = arguments
    process.environment = shop.environment
    let errorFile = errorPath ?? shop.folder.appendingPathComponent("stderr-\(UUID().uuidString)").path
    if errorPath == nil { _ = FileManager.default.createFile(atPath: errorFile, contents: nil) }
    process.standardInput = stdin ?? FileHandle.nullDevice
    process.standardOutput = stdout ?? FileHandle.nullDevice
    process.standardError = FileHandle(forWritingAtPath: errorFile)
    try process.run()
    process.waitUntilExit()
    let text = errorPath == nil ? (try? String(contentsOfFile: errorFile, encoding: .utf8)) ?? "" : ""
    return (process.terminationStatus, text)
}

/// SPEC 20, Output: a write to standard output or error that fails is exit 74 with a message; a closed
/// pipe ends quietly; `export -o` onto a FIFO or a device writes into it, never replaces it.
@Suite(.serialized) struct StreamFaultTests {
    static let isRoot = getuid() == 0

    func filled(_ count: Int) throws -> ShopProcess {
        let shop = try ShopProcess()
        let names = (0..<count).map { "item \($0)" }.joined(separator: "\n")
        #expect(try shop.run(["-q", "add", "-"], input: names).status == 0)
        #expect(try shop.run(["-q", "buy", "item 1"]).status == 0)
        return shop
    }

    @Test(arguments: [["list"], ["export"], ["history", "--json"], ["list", "--json"], ["help"]])
    func aWriteToAFullDeviceIsExit74(_ arguments: [String]) throws {
        let shop = try filled(300)
        defer { shop.remove() }
        let before = shop.dataBytes()
        let full = try #require(FileHandle(forWritingAtPath: "/dev/full"))
        let outcome = try runWired(shop, arguments, stdout: full)
        #expect(outcome.status == 74, "\(arguments): \(outcome)")
        #expect(outcome.stderr.contains("cannot write standard output: No space left on device"), "\(outcome)")
        #expect(shop.dataBytes() == before)
    }

    /// Standard error that cannot be written is exit 74 too (nothing can be said about it).
    @Test func aFailedWriteToStandardErrorIsExit74() throws {
        let shop = try filled(3)
        defer { shop.remove() }
        #expect(try runWired(shop, ["frobnicate"], stderrTo: "/dev/full").status == 74)
        #expect(try runWired(shop, ["add", "eggs"], stderrTo: "/dev/full").status == 74)
        // Nothing to say: nothing fails.
        #expect(try runWired(shop, ["-q", "list"], stderrTo: "/dev/full").status == 0)
    }

    /// `shop list | head`: the reader went away; shop ends with the command's own code and says nothing.
    @Test(arguments: [["list"], ["history"], ["export"]])
    func aClosedPipeEndsQuietly(_ arguments: [String]) throws {
        let shop = try filled(3000)
        defer { shop.remove() }
        let pipe = Pipe()
        try pipe.fileHandleForReading.close()
        let outcome = try runWired(shop, arguments, stdout: pipe.fileHandleForWriting)
        #expect(outcome.status == 0, "\(arguments): \(outcome)")
        #expect(outcome.stderr.isEmpty, "\(outcome)")
    }

    @Test func exportOntoAFIFOWritesIntoItAsARedirectWould() throws {
        let shop = try filled(5)
        defer { shop.remove() }
        let fifo = shop.folder.appendingPathComponent("backup.fifo").path
        #expect(mkfifo(fifo, 0o600) == 0)
        let expected = try shop.run(["export"]).stdout
        let process = try shop.spawn(["export", "-o", fifo])
        let received = try #require(FileHandle(forReadingAtPath: fifo)).readDataToEndOfFile()
        process.waitUntilExit()
        #expect(process.terminationStatus == 0)
        #expect(String(decoding: received, as: UTF8.self) == expected)
        var info = stat()
        #expect(lstat(fifo, &info) == 0 && info.st_mode & S_IFMT == S_IFIFO, "the FIFO was replaced")
    }

    /// A device node (our own `/dev/full`, made with mknod in the sandbox) is written into: the write
    /// fails with exit 74 and the node is still there.
    @Test(.enabled(if: isRoot, "mknod needs root"))
    func exportOntoADeviceNodeWritesIntoIt() throws {
        let shop = try filled(5)
        defer { shop.remove() }
        let node = shop.folder.appendingPathComponent("full").path
        #expect(mknod(node, S_IFCHR | 0o600, dev_t(1 << 8 | 7)) == 0)
        let outcome = try shop.run(["export", "-o", node])
        #expect(outcome.status == 74, "\(outcome)")
        #expect(outcome.stderr.contains("No space left on device"), "\(outcome)")
        var info = stat()
        #expect(lstat(node, &info) == 0 && info.st_mode & S_IFMT == S_IFCHR, "the device node was replaced")
    }

    /// `shop export > backup.json` on a full disk (a 64 KiB tmpfs) exits 74 instead of 0 with half a backup.
    @Test(.enabled(if: SyncAttributesAndDiskTests.canMountTmpfs, "needs root and mount(8) for a small tmpfs"))
    func exportToAFileOnAFullDiskIsExit74() throws {
        let shop = try filled(2000)
        defer { shop.remove() }
        let disk = shop.folder.appendingPathComponent("disk")
        try FileManager.default.createDirectory(at: disk, withIntermediateDirectories: true)
        #expect(
            SyncAttributesAndDiskTests.run("/usr/bin/mount", ["-t", "tmpfs", "-o", "size=64k", "tmpfs", disk.path]) == 0
        )
        defer { SyncAttributesAndDiskTests.run("/usr/bin/umount", ["-l", disk.path]) }
        let backup = disk.appendingPathComponent("backup.json").path
        _ = FileManager.default.createFile(atPath: backup, contents: nil)
        let outcome = try runWired(shop, ["export"], stdout: FileHandle(forWritingAtPath: backup))
        #expect(outcome.status == 74, "\(outcome)")
        #expect(outcome.stderr.contains("No space left on device"), "\(outcome)")
    }
}
