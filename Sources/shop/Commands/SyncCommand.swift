import ShopKit

/// `shop sync [--json]`: commit, fetch, merge, push; says what came in and what went out, by name.
enum SyncCommand {
    static let spec = CommandSpec(
        name: "sync",
        abstract: "Share the list through git: commit, fetch, merge, push.",
        discussion: """
            Commits the data file if it changed, fetches 'origin', merges its branch record by record and \
            pushes; says what came in and what went out, by name, every changed field in its own words \
            (joins as 'joined: Milk + milk (from laptop)'), and tells you once when another device's later \
            edit replaced yours ('replaced: ...'). A sync with nothing to send makes no commit; when only \
            the remote moved it fast-forwards; a merge commit is made only when both sides changed. \
            Commits are authored by the device's name ('shop device name') and say what changed \
            ('buy Milk, Eggs'). git never writes the data file, and a full disk leaves it untouched: shop \
            checks what the remote holds (exit 65 naming origin/BRANCH:PATH if it is not valid shop data, \
            a link, a folder or missing, and nothing local changes), merges it and writes it itself, under \
            the lock, as one undo step. Fetch and push run outside the lock within SHOP_SYNC_TIMEOUT seconds \
            (default 60); a remote that cannot be reached or does not answer is exit 74, the local commit \
            kept for the next sync. A merge or rebase of yours in progress, or local edits to files the \
            incoming commits change, is exit 1: sync leaves them alone. Works from cron: no prompts, and an \
            identity is supplied when git has none.
            """,
        options: [CommonOptions.json("what came in and what went out").spec],
        subcommands: [SyncInitCommand.spec],
        runsWithoutSubcommand: true,
        data: .wholeFile,
        run: run
    )

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
            context.messages += ConflictText.conflictPrefix + ConflictText.text(conflict) + "\n"
        }
        if context.wantsJSON {
            context.output += JSONOutput.sync(report)
            return
        }
        var parts = [report.committed ? "committed your changes" : "no local changes"]
        // `nothing came in` only when nothing did: edits that came in and lost are said by the conflict lines.
        if report.cameIn.isEmpty && report.joined.isEmpty {
            parts.append(report.conflicts.isEmpty ? "nothing came in" : "what came in lost to your edits")
        }
        parts.append(
            report.pushed > 0 ? "sent \(HumanOutput.count(report.pushed, "commit", "commits"))" : "nothing to send")
        context.say("Synced with origin/\(Escape.forTerminal(report.branch)): " + parts.joined(separator: "; "))
        if !report.cameIn.isEmpty { context.say("came in: " + HumanOutput.recordChanges(report.cameIn)) }
        if !report.wentOut.isEmpty { context.say("went out: " + HumanOutput.recordChanges(report.wentOut)) }
        for join in report.joined { context.say(HumanOutput.joined(join)) }
        for replacement in report.replaced { context.say(HumanOutput.replaced(replacement)) }
        for purchase in report.aheadOfClock { context.say(HumanOutput.aheadOfClock(purchase)) }
    }
}
