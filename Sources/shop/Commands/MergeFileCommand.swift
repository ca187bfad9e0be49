import ShopKit

/// `shop merge-file BASE OURS THEIRS`: the git merge driver.
enum MergeFileCommand {
    static let spec = CommandSpec(
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
        ],
        run: run
    )

    static func run(_ context: inout CommandContext) throws(CommandFailure) {
        let paths = context.invocation.positionals
        do throws(ShopError) {
            let conflicts = try MergeFile.run(base: paths[0], ours: paths[1], theirs: paths[2])
            for conflict in conflicts {
                context.messages += ConflictText.conflictPrefix + ConflictText.text(conflict) + "\n"
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
