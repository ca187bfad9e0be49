import Foundation
import Testing

#if canImport(Glibc)
    import Glibc
#endif

/// SPEC 8.1 "kill at any instant": `sync` killed (SIGKILL or SIGTERM, its own process or its whole process
/// group) at seeded random moments while `shop add` runs beside it. Every add that exited 0 must be on
/// both devices at the end, and the data file must load after every kill.
@Suite(.serialized, .enabled(if: SyncLab.hasGit)) struct SyncKillTests {
    @Test func killedSyncsLoseNoAcknowledgedAdd() throws {
        let lab = try SyncLab()
        defer { lab.remove() }
        let laptop = try lab.device("laptop")
        let phone = try lab.device("phone")
        try laptop.ok(["sample"])
        try lab.join(laptop, phone)
        // Seeded (SHOP_TEST_SEED picks another seed to explore more kill moments).
        var random = SplitMix64(state: UInt64(ProcessInfo.processInfo.environment["SHOP_TEST_SEED"] ?? "") ?? 15)
        let acknowledged = Acknowledged()
        for round in 0..<24 {
            // Something comes in every round, so the sync killed is mid-merge as often as not.
            if try phone.run(["add", "phone \(round)"]).status == 0 { acknowledged.add("phone \(round)") }
            _ = try phone.run(["sync"])
            if try laptop.run(["add", "laptop \(round)"]).status == 0 { acknowledged.add("laptop \(round)") }
            let pid = try Self.spawnInOwnGroup(["sync"], environment: laptop.environment)
            // An add made while the sync runs, and acknowledged, must survive whatever happens to the sync.
            let beside = Thread {
                if (try? laptop.run(["add", "beside \(round)"]).status) == 0 { acknowledged.add("beside \(round)") }
            }
            beside.start()
            usleep(UInt32.random(in: 0...150_000, using: &random))
            let signal = Bool.random(using: &random) ? SIGKILL : SIGTERM
            let target = Bool.random(using: &random) ? -pid : pid
            kill(target, signal)
            var status: Int32 = 0
            while waitpid(pid, &status, 0) == -1 && errno == EINTR {}
            // And one right after the kill, while whatever the sync left behind may still be running.
            if try laptop.run(["add", "after \(round)"]).status == 0 { acknowledged.add("after \(round)") }
            while beside.isExecuting { usleep(10_000) }
            #expect(try laptop.run(["list"]).status == 0, "round \(round): the data file must load")
        }
        for device in [laptop, phone, laptop, phone] { try device.ok(["sync"]) }
        #expect(try laptop.run(["export"]).stdout == phone.run(["export"]).stdout)
        let names = acknowledged.names
        #expect(names.count >= 72)
        for device in [laptop, phone] {
            let present = Set(try device.items().keys)
            #expect(names.subtracting(present).isEmpty, "missing: \(names.subtracting(present).sorted())")
        }
    }

    /// Starts `shop arguments...` as the leader of a new process group (as a shell's job would be), its
    /// output discarded.
    static func spawnInOwnGroup(_ arguments: [String], environment: [String: String]) throws -> pid_t {
        var attributes = posix_spawnattr_t()
        posix_spawnattr_init(&attributes)
        defer { posix_spawnattr_destroy(&attributes) }
        posix_spawnattr_setflags(&attributes, Int16(POSIX_SPAWN_SETPGROUP))
        posix_spawnattr_setpgroup(&attributes, 0)
        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        for descriptor: Int32 in [0, 1, 2] {
            posix_spawn_file_actions_addopen(
                &actions, descriptor, "/dev/null", descriptor == 0 ? O_RDONLY : O_WRONLY, 0)
        }
        let argv = ([ShopProcess.executable.path] + arguments).map { strdup($0) } + [nil]
        let envp = environment.map { strdup("\($0.key)=\($0.value)") } + [nil]
        defer {
            for pointer in argv { free(pointer) }
            for pointer in envp { free(pointer) }
        }
        var pid: pid_t = 0
        let result = posix_spawn(&pid, ShopProcess.executable.path, &actions, &attributes, argv, envp)
        guard result == 0 else { throw POSIXError(POSIXErrorCode(rawValue: result) ?? .EIO) }
        return pid
    }
}

/// The names of the adds that exited 0, from the test's thread and the one beside the sync.
final class Acknowledged: @unchecked Sendable {
    private let lock = NSLock()
    private var set: Set<String> = []
    func add(_ name: String) { lock.withLock { _ = set.insert(name) } }
    var names: Set<String> { lock.withLock { set } }
}
