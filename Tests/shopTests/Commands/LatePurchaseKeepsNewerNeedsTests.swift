import Foundation
import Testing

/// SPEC 16, 23: a purchase never erases a newer need. A purchase covers only what was on the list when it was
/// made: eggs ×1 bought on Thursday, whose purchase reaches the data file on Saturday after Saturday's plan
/// (an omelette, 4 eggs), leaves the plan's 4 eggs on the list, not 5 and not none. Through a receipt entered
/// late, through the phone's page and through `sync`.
@Suite(.serialized) struct LatePurchaseKeepsNewerNeedsTests {
    static let thursday = "2026-12-03T10:00:00Z"
    static let saturday = "2026-12-05T10:00:00Z"

    /// A recipe file needing 4 eggs, in `folder`.
    static func omelette(in folder: URL) throws -> String {
        let path = folder.appendingPathComponent("omelette.cook").path
        try "Beat @eggs{4} and fry.\n".write(toFile: path, atomically: true, encoding: .utf8)
        return path
    }

    /// Eggs as `shop list --json` shows them: the amount's text and whether they are for recipes only.
    static func eggs(_ shop: ShopProcess) throws -> (onList: Bool, amounts: [String]) {
        let items = try shop.items()
        let eggs = try #require(items["eggs"])
        let amounts = try shop.run(["list", "--json"]).stdout
        let rows = try JSONSerialization.jsonObject(with: Data(amounts.utf8)) as? [[String: Any]] ?? []
        let shown = rows.first { $0["name"] as? String == "eggs" }
        let parts = (shown?["amounts"] as? [[String: Any]] ?? []).map { "\($0["quantity"] ?? "")" }
        return (eggs["onList"] as? Bool ?? false, parts)
    }

    /// Before, the purchase took the plan's eggs off the list with it.
    @Test func aReceiptEnteredLateLeavesALaterPlansNeedOnTheList() throws {
        let shop = try ShopProcess()
        defer { shop.remove() }
        try shop.ok(["add", "eggs"])
        let recipe = try Self.omelette(in: shop.folder)
        let added = try shop.run(["recipe", "add", recipe], environment: ["SHOP_NOW": Self.saturday])
        #expect(added.status == 0, "\(added)")
        let bought = try shop.run(["buy", "eggs", "--date", "2026-12-03"], environment: ["SHOP_NOW": Self.saturday])
        #expect(bought.status == 0, "\(bought)")
        let (onList, amounts) = try Self.eggs(shop)
        #expect(onList, "the plan's eggs stay on the list")
        #expect(amounts == ["4"], "\(amounts)")
        // What was logged is what was on the list on Thursday: the person's own egg.
        let history = try shop.run(["history", "--json"]).stdout
        let rows = try #require(try JSONSerialization.jsonObject(with: Data(history.utf8)) as? [[String: Any]])
        #expect(rows.count == 1 && "\(rows[0]["quantity"] ?? "")" == "1", "\(history)")
    }

    @Test(.enabled(if: ServeServer.unavailable == nil, "\(ServeServer.unavailable ?? "")"))
    func aTapDatedThursdayThatArrivesOnSaturdayLeavesTheNeed() throws {
        var shop = try ShopProcess()
        defer { shop.remove() }
        shop.environment["SHOP_NOW"] = Self.saturday
        try shop.ok(["add", "eggs"])
        try shop.ok(["recipe", "add", try Self.omelette(in: shop.folder)])
        let eggs = try ServeProcessTests.itemID(shop, "eggs")
        let server = try ServeServer(shop)
        defer { server.stop() }
        let answer = try server.exchange(
            server.postOps(#"{"ops": [\#(ServeProcessTests.buy(eggs, at: Self.thursday))]}"#))
        #expect(try ServeProcessTests.results(answer) == ["applied"], "\(answer)")
        let (onList, amounts) = try Self.eggs(shop)
        #expect(onList && amounts == ["4"], "\(amounts)")
    }

    @Test(.enabled(if: SyncLab.hasGit)) func aPurchaseThatSyncsAfterALaterPlanLeavesThePlansNeed() throws {
        let lab = try SyncLab()
        defer { lab.remove() }
        var planner = try lab.device("planner")
        var shopper = try lab.device("shopper")
        // The list is made on Wednesday; the shopper buys on Thursday and syncs on Saturday, after the plan.
        planner.environment["SHOP_NOW"] = "2026-12-02T10:00:00Z"
        shopper.environment["SHOP_NOW"] = "2026-12-02T10:00:00Z"
        try planner.ok(["add", "eggs", "bread"])
        try lab.join(planner, shopper)
        shopper.environment["SHOP_NOW"] = Self.thursday
        try shopper.ok(["buy", "eggs"])
        shopper.environment["SHOP_NOW"] = Self.saturday
        planner.environment["SHOP_NOW"] = Self.saturday
        try planner.ok(["recipe", "add", try Self.omelette(in: lab.root)])
        try planner.ok(["sync"])
        try shopper.ok(["sync"])
        try planner.ok(["sync"])
        for device in [planner, shopper] {
            let (onList, amounts) = try Self.eggs(device)
            #expect(onList && amounts == ["4"], "\(amounts)")
        }
    }
}
