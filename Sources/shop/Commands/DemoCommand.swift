import ShopKit

/// `shop demo`: the sample list by location, from memory; the data file is never touched.
enum DemoCommand {
    static let spec = CommandSpec(
        name: "demo",
        abstract: "Show the sample data's list by location, without reading or writing your data.",
        discussion: "A look at shop before you keep a list of your own: the sample list as 'shop list --by-location' "
            + "shows it. 'shop sample' loads the same data into your data file.",
        run: run
    )

    static func run(_ context: inout CommandContext) throws(CommandFailure) {
        let sample = try attempt { try SampleData.dated(for: context.now).list }
        // --store (or SHOP_STORE) names one of the sample's stores; the sample has no current store.
        let store = try attempt { try context.storeInEffect(in: sample) }
        let view = sample.view(of: sample.items.filter(\.onList), at: store)
        context.output += HumanOutput.listByLocation(view, in: sample, style: context.style)
        context.say("This is the sample data; your own list is untouched. 'shop sample' loads it into your data file.")
    }
}
