// Sharing the list through git (SPEC section 8).
extension CommandTable {
    /// `shop sync`.
    static let sync = CommandSpec(
        name: "sync",
        abstract: "Share the list through git: commit, fetch, merge, push.",
        discussion: """
            Under the data file's lock: commits the data file if it changed, fetches 'origin', merges its \
            branch (git runs 'shop merge-file' on the data file, merging record by record) and pushes. \
            Works from cron: no prompts, no editor, and an identity is supplied when git has none. If the \
            remote cannot be reached, the local commit is kept (exit 74) and the next sync sends it.
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
            Creates the repository if the folder is not in one, writes .gitattributes (the data file \
            merged by shop) and .gitignore (the lock, the undo folder, temporary files), registers the \
            merge driver, adds URL as 'origin', and commits. Running it again changes nothing.
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
