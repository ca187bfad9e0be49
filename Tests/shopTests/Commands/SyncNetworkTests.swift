import Foundation
import Testing

#if canImport(Glibc)
    import Glibc
#endif

/// SPEC 8.1 "time limits" and the `sync init` row of SPEC 8: a remote that never answers, one that
/// cannot be reached, and a remote whose default branch is not `main`.
@Suite(.serialized, .enabled(if: SyncLab.hasGit)) struct SyncNetworkTests {
    @Test func aRemoteThatNeverAnswersIsCutOffAndNeverBlocksAdd() throws {
        let lab = try SyncLab()
        defer { lab.remove() }
        let listener = try SilentListener()
        defer { listener.close() }
        var shop = try lab.device("laptop")
        shop.environment["SHOP_SYNC_TIMEOUT"] = "2"
        try shop.ok(["add", "milk"])
        try shop.ok(["sync", "init", lab.remote.path])
        try SyncLab.git(["remote", "set-url", "origin", "git://127.0.0.1:\(listener.port)/list"], in: shop.dataFolder)
        try shop.ok(["add", "eggs"])
        let head = try SyncLab.git(["rev-parse", "HEAD"], in: shop.dataFolder)
        // While the sync waits on the silent remote, `shop add` is not blocked by the data file's lock.
        let outcome = Box<ShopProcess.Outcome>()
        let syncing = shop
        let sync = Thread { outcome.value = try? syncing.run(["sync", "--json"]) }
        sync.start()
        usleep(700_000)
        let add = try shop.run(["add", "bread"], environment: ["SHOP_LOCK_TIMEOUT": "1"])
        #expect(add.status == 0, "\(add)")
        while sync.isExecuting { usleep(20_000) }
        let result = try #require(outcome.value)
        #expect(result.status == 74, "\(result)")
        #expect(result.stderr.contains("did not answer within 2 s"), "\(result)")
        #expect(result.stdout.contains("\"error\"") && result.stdout.contains("\"code\" : 74"), "\(result)")
        // The local commit is kept, with eggs in it.
        let newHead = try SyncLab.git(["rev-parse", "HEAD"], in: shop.dataFolder)
        #expect(newHead != head)
        #expect(try SyncLab.git(["show", "HEAD:shop.json"], in: shop.dataFolder).contains("eggs"))
        // No git is left running in the repository (the whole process group was killed).
        #expect(try SyncLab.pgrep("git -C \(shop.dataFolder.path)").isEmpty)
    }

    @Test func initWithAnUnreachableURLSetsUpAndSaysHowToFixIt() throws {
        let lab = try SyncLab()
        defer { lab.remove() }
        let shop = try lab.device("laptop")
        try shop.ok(["add", "milk"])
        let wrong = lab.root.appendingPathComponent("no-such-remote.git").path
        let outcome = try shop.ok(["sync", "init", wrong])
        #expect(outcome.stderr.contains("cannot reach"), "\(outcome)")
        #expect(outcome.stderr.contains("remote set-url origin"), "\(outcome)")
        #expect(try SyncLab.git(["remote", "get-url", "origin"], in: shop.dataFolder) == wrong)
        #expect(try SyncLab.git(["ls-files"], in: shop.dataFolder).contains("shop.json"))
        let sync = try shop.run(["sync"])
        #expect(sync.status == 74, "\(sync)")
        // A time limit that is not a number of seconds is refused before anything runs.
        let bad = try shop.run(["sync"], environment: ["SHOP_SYNC_TIMEOUT": "soon"])
        #expect(bad.status == 1 && bad.stderr.contains("SHOP_SYNC_TIMEOUT is \"soon\""), "\(bad)")
    }

    @Test func aDeviceWithNoDataGetsTheRemotesDefaultBranchAndNoSilentNewBranch() throws {
        let lab = try SyncLab()
        defer { lab.remove() }
        // A remote whose list lives on `trunk`.
        let trunk = lab.root.appendingPathComponent("trunk.git")
        try SyncLab.git(["init", "-q", "--bare", "-b", "trunk", trunk.path], in: lab.root)
        let first = try lab.device("first")
        try SyncLab.git(["init", "-q", "-b", "trunk", first.dataFolder.path], in: lab.root)
        try first.ok(["add", "milk"])
        try first.ok(["sync", "init", trunk.path])
        try first.ok(["sync"])
        let second = try lab.device("second")
        let outcome = try second.ok(["sync", "init", trunk.path])
        #expect(outcome.stderr.contains("branch trunk"), "\(outcome)")
        try second.ok(["sync"])
        #expect(try second.items().keys.sorted() == ["milk"])

        // A device on `main` facing a remote that has only `trunk`: refused, with the fix.
        let third = try lab.device("third")
        try SyncLab.git(["init", "-q", "-b", "main", third.dataFolder.path], in: lab.root)
        try third.ok(["add", "tea"])
        try third.ok(["sync", "init", trunk.path])
        let refused = try third.run(["sync"])
        #expect(refused.status == 1, "\(refused)")
        #expect(refused.stderr.contains("trunk") && refused.stderr.contains("branch -m main trunk"), "\(refused)")
        #expect(
            try SyncLab.git(["for-each-ref", "--format=%(refname)", "refs/heads"], in: trunk) == "refs/heads/trunk")
    }
}

/// A TCP listener on 127.0.0.1 that accepts connections (the kernel does) and never says a word.
final class SilentListener {
    let descriptor: Int32
    let port: UInt16

    init() throws {
        let descriptor = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        self.descriptor = descriptor
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_addr.s_addr = inet_addr("127.0.0.1")
        address.sin_port = 0
        var length = socklen_t(MemoryLayout<sockaddr_in>.size)
        let bound = withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { bind(descriptor, $0, length) }
        }
        guard bound == 0, listen(descriptor, 16) == 0 else { throw POSIXError(.EADDRINUSE) }
        _ = withUnsafeMutablePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { getsockname(descriptor, $0, &length) }
        }
        port = UInt16(bigEndian: address.sin_port)
    }

    func close() { _ = Glibc.close(descriptor) }
}

/// A value set by another thread.
final class Box<Value>: @unchecked Sendable {
    private let lock = NSLock()
    private var stored: Value?
    var value: Value? {
        get { lock.withLock { stored } }
        set { lock.withLock { stored = newValue } }
    }
}

extension SyncLab {
    /// The command lines of running processes that contain `text`.
    static func pgrep(_ text: String) throws -> [String] {
        var lines: [String] = []
        for entry in try FileManager.default.contentsOfDirectory(atPath: "/proc") where Int(entry) != nil {
            guard let data = FileManager.default.contents(atPath: "/proc/\(entry)/cmdline") else { continue }
            let line = String(decoding: data.map { $0 == 0 ? 0x20 : $0 }, as: UTF8.self)
            if line.contains(text) { lines.append(line) }
        }
        return lines
    }
}
