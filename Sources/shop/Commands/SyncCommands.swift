import ShopKit

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// `shop sync init [URL]`: shares the data file's folder through git.
enum SyncInitCommand {
    static func run(_ context: inout CommandContext) throws(CommandFailure) {
        let url = context.invocation.positional(0)
        let sync = try context.gitSync()
        let report = try attempt { try sync.initialize(remote: url) }
        var parts: [String] = []
        parts.append(
            report.createdRepository
                ? "Created a git repository in \(Escape.forTerminal(report.repository))"
                : "Using the git repository \(Escape.forTerminal(report.repository))")
        if let remote = report.addedRemote { parts.append("origin is \(Escape.forTerminal(remote))") }
        // A device with no data yet commits only the git settings; its list comes with the first sync.
        let committed =
            (try? context.store())?.exists == true ? "the data file and its git settings" : "the git settings"
        parts.append(report.committed ? "committed " + committed : "nothing new to commit")
        context.say(parts.joined(separator: "; "))
        if url != nil || report.addedRemote != nil { context.say("Next: 'shop sync' exchanges the list with origin") }
    }
}

/// `shop sync [--json]`: commit, fetch, merge, push.
enum SyncCommand {
    static func run(_ context: inout CommandContext) throws(CommandFailure) {
        let sync = try context.gitSync()
        let now = context.now
        let report = try attempt { try sync.sync(at: now) }
        // Each conflict the merge driver settled is one line on standard error, quiet or not.
        for line in report.conflicts { context.messages += line + "\n" }
        if context.wantsJSON {
            context.output += JSONOutput.sync(report)
            return
        }
        var parts: [String] = []
        parts.append(report.committed ? "committed your changes" : "no local changes")
        parts.append(report.received.isEmpty ? "nothing came in" : "came in: " + describe(report.received))
        parts.append(
            report.pushed > 0 ? "sent \(HumanOutput.count(report.pushed, "commit", "commits"))" : "nothing to send")
        context.say("Synced with origin/\(Escape.forTerminal(report.branch)): " + parts.joined(separator: "; "))
    }

    /// `2 items added, 1 item changed, 1 store removed`.
    static func describe(_ difference: ListDifference) -> String {
        var parts: [String] = []
        for (counts, noun) in [
            (difference.items, "item"), (difference.locations, "location"), (difference.stores, "store"),
        ] {
            for (number, verb) in [(counts.added, "added"), (counts.changed, "changed"), (counts.removed, "removed")]
            where number > 0 {
                parts.append("\(HumanOutput.count(number, noun, noun + "s")) \(verb)")
            }
        }
        if difference.settingsChanged { parts.append("timer or current store changed") }
        return parts.joined(separator: ", ")
    }
}

/// `shop merge-file BASE OURS THEIRS`: the git merge driver.
enum MergeFileCommand {
    static func run(_ context: inout CommandContext) throws(CommandFailure) {
        let paths = context.invocation.positionals
        do throws(ShopError) {
            let conflicts = try MergeFile.run(base: paths[0], ours: paths[1], theirs: paths[2])
            for conflict in conflicts {
                context.messages += MergeDriverOutput.conflictPrefix + conflict.description + "\n"
            }
        } catch {
            // git's contract: a non-zero exit is a conflict it reports; OURS is untouched. SPEC section 8
            // makes that exit 1 whatever the cause (a damaged side would be 65 elsewhere).
            var report = ErrorReport(error)
            report.exitCode = ErrorReport.ExitCode.refused
            throw .report(report)
        }
    }
}

extension CommandContext {
    /// The git sync of this data file, registering this very executable as the merge driver.
    func gitSync() throws(CommandFailure) -> GitSync {
        let store = try attempt { try self.store() }
        return GitSync(store: store, executable: Self.executablePath(), environment: environment)
    }

    /// The absolute path of the running `shop` (`/proc/self/exe` on Linux), so that git finds the merge
    /// driver under any `PATH`.
    static func executablePath() -> String {
        var buffer = [CChar](repeating: 0, count: 4096)
        let length = readlink("/proc/self/exe", &buffer, buffer.count - 1)
        guard length > 0 else { return CommandLine.arguments.first ?? "shop" }
        return String(decoding: buffer.prefix(length).map { UInt8(bitPattern: $0) }, as: UTF8.self)
    }
}
