import Foundation
import Testing

/// SPEC 16: `unbuy` gives back what the list had before the purchase (the item's own amount, every
/// recipe's need, the packs, the price), so a re-buy logs the same line; through the real binary.
@Suite struct UnbuyGivesBackEndToEndTests {
    /// The list's lines without the total.
    private static func lines(_ shop: ShopProcess) throws -> String {
        try shop.ok(["list"]).stdout
    }

    @Test func unbuyAfterARecipePutsTheRecipesAmountBackAndARebuyLogsTheSameLine() throws {
        var shop = try ShopProcess()
        shop.environment["SHOP_NOW"] = "2026-11-22T10:00:00Z"
        defer { shop.remove() }
        let recipe = shop.folder.appendingPathComponent("cake.cook")
        try "Melt @butter{150%g}, beat in @eggs{2}.\n".write(to: recipe, atomically: true, encoding: .utf8)
        try shop.ok(["add", "butter", "--pack", "250g", "--price", "2.79"])
        try shop.ok(["buy", "butter"])
        try shop.ok(["recipe", "add", recipe.path])
        let listed = try Self.lines(shop)
        #expect(listed.hasPrefix("butter 1 pack (150 g)  2.79  Unknown Location\n"), "\(listed)")
        try shop.ok(["buy", "butter", "--store", "Aldi"])
        let bought = try shop.ok(["history"]).stdout
        let line = "2026-11-22  butter  1 pack × 2.79/pack  2.79  Aldi\n"
        #expect(bought.components(separatedBy: line).count == 2, "\(bought)")
        let back = try shop.ok(["unbuy", "butter"])
        #expect(back.stderr == "Back on the list: butter\n", "\(back)")
        #expect(try Self.lines(shop) == listed)
        #expect(try shop.ok(["recipes"]).stdout == "cake\n  butter 150 g\n  eggs ×2\n")
        // The re-buy logs what the first did, never "1 × 2.79".
        try shop.ok(["buy", "butter", "--store", "Aldi"])
        #expect(try shop.ok(["history"]).stdout == bought)
        // Taking the recipe back after an unbuy takes back what it needed: butter leaves the list.
        try shop.ok(["unbuy", "butter"])
        let taken = try shop.ok(["recipe", "remove", "cake"])
        #expect(taken.stderr == "Took back cake: butter 150 g, eggs ×2\n  off the list: butter, eggs\n", "\(taken)")
    }

    @Test func unbuyGivesBackTheOwnAmountThatBuyDashQReplaced() throws {
        let shop = try ShopProcess()
        defer { shop.remove() }
        try shop.ok(["add", "milk", "-q", "2"])
        try shop.ok(["buy", "milk", "-q", "3", "--paid", "3.00"])
        try shop.ok(["unbuy", "milk"])
        #expect(try Self.lines(shop) == "milk ×2  Unknown Location\n")
        // A plain purchase keeps its short log line: nothing to give back but the list's flag.
        try shop.ok(["buy", "milk"])
        let log = try String(contentsOf: URL(fileURLWithPath: shop.dataFile.path + ".purchases"), encoding: .utf8)
        let last = try #require(log.split(separator: "\n").last)
        #expect(!last.contains("Before\""), "\(last)")
    }

    @Test func aRecipeTakenBackBeforeTheUnbuyLeavesItsNeedToThePerson() throws {
        let shop = try ShopProcess()
        defer { shop.remove() }
        let recipe = shop.folder.appendingPathComponent("soup.cook")
        try "Chop @leeks{3}.\n".write(to: recipe, atomically: true, encoding: .utf8)
        try shop.ok(["recipe", "add", recipe.path])
        try shop.ok(["buy", "leeks"])
        try shop.ok(["recipe", "remove", "soup"])
        try shop.ok(["unbuy", "leeks"])
        #expect(try Self.lines(shop) == "leeks ×3  Unknown Location\n")
        #expect(try shop.ok(["recipes"]).stdout == "No recipes on the list.\n")
    }
}
