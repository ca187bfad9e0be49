#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// Shows long text on a terminal through a pager, as git shows its help: `shop help TOPIC` at a terminal goes
/// through `$SHOP_PAGER`, else `$PAGER`, else `less` (with `LESS=FRX` unless `LESS` is set: quit when the page
/// fits, keep colours, leave the text on the screen). An empty value or `cat` means no pager. A pager that cannot
/// be started leaves the text to be written as it is, so the page is never lost.
enum Pager {
    /// The command line to page through, or `nil` for none.
    static func command(environment: [String: String]) -> String? {
        let chosen = environment["SHOP_PAGER"] ?? environment["PAGER"] ?? "less"
        let trimmed = chosen.drop { $0 == " " }
        return trimmed.isEmpty || trimmed == "cat" ? nil : chosen
    }

    /// Writes `text` to `command` run by `/bin/sh -c`, its output the terminal this process writes to, and waits
    /// for it to end. Returns `false` when the pager could not be started (the caller writes the text itself).
    static func show(_ text: String, through command: String) -> Bool {
        var ends: [Int32] = [0, 0]
        guard pipe(&ends) == 0 else { return false }
        let (readEnd, writeEnd) = (ends[0], ends[1])
        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        posix_spawn_file_actions_adddup2(&actions, readEnd, STDIN_FILENO)
        posix_spawn_file_actions_addclose(&actions, readEnd)
        posix_spawn_file_actions_addclose(&actions, writeEnd)
        // The pager inherits this process's environment, with git's default for less (this process ends next).
        setenv("LESS", "FRX", 0)
        let words: [String] = ["/bin/sh", "-c", command]
        var arguments: [UnsafeMutablePointer<CChar>?] = words.map { strdup($0) } + [nil]
        defer { for argument in arguments { free(argument) } }
        var pid: pid_t = 0
        let spawned = posix_spawn(&pid, "/bin/sh", &actions, nil, &arguments, environ)
        close(readEnd)
        guard spawned == 0 else {
            close(writeEnd)
            return false
        }
        // A pager quit early (`q` in less) closes the pipe: the rest is not wanted, and SIGPIPE is ignored.
        _ = StandardStreams.write(text, to: writeEnd)
        close(writeEnd)
        var status: Int32 = 0
        while waitpid(pid, &status, 0) == -1 && errno == EINTR {}
        return true
    }
}
