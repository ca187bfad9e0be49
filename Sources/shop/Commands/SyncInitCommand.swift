import ShopKit

/// `shop sync init [URL]`: shares the data file's folder through git.
enum SyncInitCommand {
    static let spec = CommandSpec(
        name: "init",
        abstract: "Make the data file's folder a git repository shared with URL.",
        discussion: """
            Creates the repository if the folder is not in one (on the remote's default branch when URL \
            answers, else main), writes .gitattributes (the data file merged by shop) and .gitignore (the \
            lock, the undo folder, temporary files), pins the data file's attributes in .git/info/attributes \
            and keeps the device file out through .git/info/exclude, registers the merge driver, adds URL as \
            'origin', and commits. A URL that cannot be reached is set up all the same, with a warning and \
            the 'git remote set-url' line that fixes a mistyped one. Running it again changes nothing.
            """,
        arguments: [
            ArgumentSpec(name: "<url>", help: "The shared remote repository (any git URL or path).", isOptional: true)
        ],
        data: .wholeFile,
        run: run
    )

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
            (try? context.wholeDataFile())?.exists == true ? "the data file and its git settings" : "the git settings"
        parts.append(report.committed ? "committed " + committed : "nothing new to commit")
        if let branch = report.createdBranch { parts.append("branch \(Escape.forTerminal(branch))") }
        context.say(parts.joined(separator: "; "))
        if let url, let problem = report.unreachable {
            // Set up all the same (SPEC 8): say so, quiet or not, with the line that fixes a mistyped URL.
            context.messages +=
                "Warning: cannot reach \(Escape.forTerminal(url)) (\(Escape.forTerminal(problem))); everything is set up, "
                + "and 'shop sync' will use it once it answers\n"
            context.messages +=
                "Hint: if the URL is mistyped: git -C \(ShellWord.quoted(report.repository)) remote set-url origin CORRECT-URL\n"
        }
        if url != nil || report.addedRemote != nil { context.say("Next: 'shop sync' exchanges the list with origin") }
    }
}
