import ShopModel

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// Runs a program (git) as a child process and collects what it printed.
///
/// Written on `posix_spawn` rather than Foundation's `Process`, which would link all of Foundation into `shop` and slow
/// the start-up of every command. Standard input is `/dev/null`, so a child can never wait for a person (sync runs from
/// cron). Public for `shop`'s page fetcher, which runs `shop-fetch` so as not to link FoundationNetworking itself.
public struct ChildProcess {
    /// What a finished child left behind.
    public struct Outcome {
        /// The exit status, or 128 + the signal number when a signal ended it.
        public var status: Int32
        public var output: [UInt8]
        public var errors: [UInt8]
        /// Whether the time limit ended it (its whole process group was killed).
        public var timedOut = false
        public var succeeded: Bool { status == 0 && !timedOut }
        /// Standard output as text, without the final newline.
        public var text: String { Self.trimmed(output) }
        /// Standard error as text, without the final newline.
        public var errorText: String { Self.trimmed(errors) }

        private static func trimmed(_ bytes: [UInt8]) -> String {
            var text = String(decoding: bytes, as: UTF8.self)
            while text.last == "\n" || text.last == "\r" { text.removeLast() }
            return text
        }
    }

    /// Runs `arguments[0]` (looked up on `PATH`) with the other arguments, in the current directory (git
    /// takes `-C` for its own).
    ///
    /// With a `timeout` the child starts a process group of its own (`POSIX_SPAWN_SETPGROUP`), and when
    /// the time is up the whole group is killed (`kill(-pgid, SIGKILL)`): git, the ssh or https helper it
    /// started, and anything they started. The outcome is then ``Outcome/timedOut``.
    /// - Parameter timeout: seconds, or `nil` to wait as long as the child runs.
    /// - Returns: `nil` when the program cannot be started at all (not installed).
    public static func run(_ arguments: [String], environment: [String: String], timeout: Double? = nil) -> Outcome? {
        var outPipe: [Int32] = [0, 0]
        var errPipe: [Int32] = [0, 0]
        guard pipe(&outPipe) == 0 else { return nil }
        guard pipe(&errPipe) == 0 else {
            close(outPipe[0])
            close(outPipe[1])
            return nil
        }
        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        posix_spawn_file_actions_addopen(&actions, 0, "/dev/null", O_RDONLY, 0)
        posix_spawn_file_actions_adddup2(&actions, outPipe[1], 1)
        posix_spawn_file_actions_adddup2(&actions, errPipe[1], 2)
        for descriptor in outPipe + errPipe { posix_spawn_file_actions_addclose(&actions, descriptor) }

        let argv = arguments.map { strdup($0) } + [nil]
        let envp = environment.map { strdup("\($0.key)=\($0.value)") } + [nil]
        defer {
            for pointer in argv { free(pointer) }
            for pointer in envp { free(pointer) }
        }
        var attributes = posix_spawnattr_t()
        posix_spawnattr_init(&attributes)
        defer { posix_spawnattr_destroy(&attributes) }
        if timeout != nil {
            posix_spawnattr_setflags(&attributes, Int16(POSIX_SPAWN_SETPGROUP))
            posix_spawnattr_setpgroup(&attributes, 0)
        }
        var pid: pid_t = 0
        let spawned = posix_spawnp(&pid, arguments[0], &actions, &attributes, argv, envp)
        close(outPipe[1])
        close(errPipe[1])
        guard spawned == 0 else {
            close(outPipe[0])
            close(errPipe[0])
            // Only a program that is not there (or not runnable) is "not installed"; any other failure to
            // start it (E2BIG: arguments too long) is a failure of this one command, said as such.
            if spawned == ENOENT || spawned == EACCES { return nil }
            let reason = Array("cannot start \(arguments[0]): \(POSIXFile.describe(spawned))".utf8)
            return Outcome(status: 126, output: [], errors: reason)
        }
        let deadline = timeout.map { monotonicSeconds() + $0 }
        let (output, errors, expired) = drain(outPipe[0], errPipe[0], until: deadline)
        // The child is its own group's leader, so its id is the group's: this ends everything it started.
        if expired { kill(-pid, SIGKILL) }
        var status: Int32 = 0
        while waitpid(pid, &status, 0) == -1 && errno == EINTR {}
        if expired { return Outcome(status: 128 + SIGKILL, output: output, errors: errors, timedOut: true) }
        // WIFEXITED / WEXITSTATUS, spelt out: the C macros are not imported into Swift.
        let signal = status & 0x7f
        let code = signal == 0 ? (status >> 8) & 0xff : 128 + signal
        return Outcome(status: code, output: output, errors: errors)
    }

    /// Reads both pipes to their end at once, so a child that fills one while we wait on the other never
    /// blocks. Stops at `deadline` (monotonic seconds) if one is given.
    /// - Returns: what was read, and whether the deadline passed first.
    private static func drain(_ out: Int32, _ err: Int32, until deadline: Double?) -> ([UInt8], [UInt8], Bool) {
        var buffers: [[UInt8]] = [[], []]
        var open = [out, err]
        var chunk = [UInt8](repeating: 0, count: 65_536)
        defer { for descriptor in open where descriptor >= 0 { close(descriptor) } }
        while open.contains(where: { $0 >= 0 }) {
            var fds = open.map { pollfd(fd: $0, events: Int16(POLLIN), revents: 0) }
            var wait: Int32 = -1
            if let deadline {
                let left = deadline - monotonicSeconds()
                if left <= 0 { return (buffers[0], buffers[1], true) }
                wait = Int32(min(left * 1000 + 1, 60_000))
            }
            let ready = poll(&fds, nfds_t(fds.count), wait)
            if ready < 0 {
                if errno == EINTR { continue }
                break
            }
            if ready == 0 { continue }
            for index in fds.indices where open[index] >= 0 && fds[index].revents != 0 {
                let count = chunk.withUnsafeMutableBytes { read(open[index], $0.baseAddress, $0.count) }
                if count > 0 {
                    buffers[index] += chunk[0..<count]
                } else if count == 0 || errno != EINTR {
                    close(open[index])
                    open[index] = -1
                }
            }
        }
        return (buffers[0], buffers[1], false)
    }

    /// Seconds on a clock that never jumps.
    private static func monotonicSeconds() -> Double {
        var now = timespec()
        clock_gettime(CLOCK_MONOTONIC, &now)
        return Double(now.tv_sec) + Double(now.tv_nsec) / 1e9
    }
}
