import ShopKit

/// `shop sample [--force]`: loads the bundled sample data set.
enum SampleCommand {
    static let spec = CommandSpec(
        name: "sample",
        abstract: "Load the sample data set.",
        options: [force.spec],
        data: .writes(log: true),
        run: run
    )

    static let force = OptionKey<Bool>.flag("force", help: "Replace a data file that is not empty.")

    static func run(_ context: inout CommandContext) throws(CommandFailure) {
        let force = context.options[Self.force]
        let path = try attempt { try context.dataFilePath() }
        let (sample, purchases, stock) = try attempt {
            try SampleData.dated(for: context.now)
        }
        let _: Void = try context.updateWorkspace { (workspace: inout Workspace) throws(ShopError) in
            let list = workspace.list
            if !list.isEmpty && !force { throw .dataFileNotEmpty(path: path, itemCount: list.itemCount) }
            SampleData.install(sample, purchases: purchases, stock: stock, into: &workspace)
        }
        let onList = sample.items.filter(\.onList).count
        context.say(
            "Loaded the sample data: \(sample.itemCount) items (\(onList) on the list) in \(sample.locations.count) locations, "
                + "and \(purchases.count) purchases, into \(Escape.forTerminal(path))")
    }
}
