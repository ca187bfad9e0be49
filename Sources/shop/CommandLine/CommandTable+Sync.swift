// Sharing the list through git (SPEC section 8).
extension CommandTable {
    /// `shop sync`.
    static let sync = CommandSpec(
        name: "sync",
        abstract: "Share the list through git: commit, fetch, merge, push.",
        discussion: """
            Commits the data file if it changed, fetches 'origin', merges its branch record by record and \
            pushes; says what came in and what went out, by name. git never writes the data file: shop \
            checks what the remote holds (exit 65 naming origin/BRANCH:PATH if it is not valid shop data, \
            a link, a folder or missing, and nothing local changes), merges it and writes it itself, under \
            the lock, as one undo step. Fetch and push run outside the lock within SHOP_SYNC_TIMEOUT seconds \
            (default 60); a remote that cannot be reached or does not answer is exit 74, the local commit \
            kept for the next sync. A merge or rebase of yours in progress, or local edits to files the \
            incoming commits change, is exit 1: sync leaves them alone. Works from cron: no prompts, and an \
            identity is supplied when git has none.
            """,
        options: [.json("what came in and what went out")],
        subcommands: [syncInit],
        runsWithoutSubcommand: true
    )

    /// `shop sync init`.
    static let syncInit = CommandSpec(
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
        ]
    )

    /// `shop merge-file`.
    static let mergeFile = CommandSpec(
        name: "merge-file",
        abstract: "Merge two data files record by record (git's merge driver).",
        discussion: """
            Git's merge-driver contract (%O %A %B): writes the merge of OURS and THEIRS, from their \
            common BASE, into OURS and exits 0; each conflict it settled is one line on standard error. \
            A side that is not valid shop data: exit 1, OURS untouched. Takes no lock ('shop sync' holds it).
            """,
        arguments: [
            ArgumentSpec(name: "<base>", help: "The common ancestor's data file (may be empty)."),
            ArgumentSpec(name: "<ours>", help: "The local data file; receives the result."),
            ArgumentSpec(name: "<theirs>", help: "The other side's data file."),
        ]
    )
}
