import ShopKit

/// `shop sample [--force]`: loads the bundled sample data set.
enum SampleCommand {
    /// `shop sample`.
    static let spec = CommandSpec(
        name: "sample",
        abstract: "Load the sample data set.",
        options: [force.spec],
        run: run
    )

    /// `--force`.
    static let force = OptionKey<Bool>.flag("force", help: "Replace a data file that is not empty.")

    static func run(_ context: inout CommandContext) throws(CommandFailure) {
        let force = context.options[Self.force]
        let store = try attempt { try context.store() }
        let path = store.path
        let sample = try attempt { try SampleData.load() }
        try attempt {
            try store.update { (list: inout ShoppingList) throws(ShopError) in
                if !list.isEmpty && !force { throw .dataFileNotEmpty(path: path, itemCount: list.itemCount) }
                // The sample replaces the list; this device's timer and current store are not the list's.
                let device = list.deviceState
                list = sample
                list.keepDeviceState(device)
            }
        }
        let onList = sample.items.filter(\.onList).count
        context.say(
            "Loaded the sample data: \(sample.itemCount) items (\(onList) on the list) in \(sample.locations.count) locations, into \(Escape.forTerminal(path))"
        )
    }
}
