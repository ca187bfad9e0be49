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
        if let branch = report.createdBranch { parts.append("branch \(Escape.forTerminal(branch))") }
        context.say(parts.joined(separator: "; "))
        if let url, let problem = report.unreachable {
            // Set up all the same (SPEC 8): say so, quiet or not, with the line that fixes a mistyped URL.
            context.messages +=
                "Warning: cannot reach \(Escape.forTerminal(url)) (\(Escape.forTerminal(problem))); everything is set up, "
                + "and 'shop sync' will use it once it answers\n"
            context.messages +=
                "Hint: if the URL is mistyped: git -C \(Escape.forTerminal(report.repository)) remote set-url origin CORRECT-URL\n"
        }
        if url != nil || report.addedRemote != nil { context.say("Next: 'shop sync' exchanges the list with origin") }
    }
}

/// `shop sync [--json]`: commit, fetch, merge, push; says what came in and what went out, by name.
enum SyncCommand {
    static func run(_ context: inout CommandContext) throws(CommandFailure) {
        do throws(CommandFailure) {
            try sync(&context)
        } catch {
            guard context.wantsJSON else { throw error }
            // A script that asked for JSON gets the error as JSON on standard output too (SPEC 8.4).
            var report: ErrorReport
            switch error {
            case .shop(let shopError): report = ErrorReport(shopError)
            case .report(let failure): report = failure
            case .usage: throw error
            }
            report.standardOutput = JSONOutput.syncError(code: report.exitCode, message: report.message)
            throw .report(report)
        }
    }

    private static func sync(_ context: inout CommandContext) throws(CommandFailure) {
        let sync = try context.gitSync()
        let now = context.now
        // Quiet runs (cron) print no summary: the lists only the names need are not decoded.
        let naming = context.wantsJSON || !context.invocation.global.quiet
        let report = try attempt { try sync.sync(at: now, naming: naming) }
        // Each conflict the merge settled is one line on standard error, quiet or not.
        for conflict in report.conflicts {
            context.messages += MergeDriverOutput.conflictPrefix + conflict.description + "\n"
        }
        if context.wantsJSON {
            context.output += JSONOutput.sync(report)
            return
        }
        var parts: [String] = []
        parts.append(report.committed ? "committed your changes" : "no local changes")
        if report.cameIn.isEmpty { parts.append("nothing came in") }
        parts.append(
            report.pushed > 0 ? "sent \(HumanOutput.count(report.pushed, "commit", "commits"))" : "nothing to send")
        context.say("Synced with origin/\(Escape.forTerminal(report.branch)): " + parts.joined(separator: "; "))
        if !report.cameIn.isEmpty { context.say("came in: " + HumanOutput.recordChanges(report.cameIn)) }
        if !report.wentOut.isEmpty { context.say("went out: " + HumanOutput.recordChanges(report.wentOut)) }
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
