import Foundation
import ShopFormats
import ShopFormatsTests
import ShopHistory
import ShopJSON
import ShopModel
import ShopModelTests
import ShopRecipesTests
import ShopSharing
import ShopSharingTests
import ShopTestSupport
import Testing

@testable import ShopKit

/// Recipe contributions in the three-way merge of `sync` (SPEC sections 8.2 and 11.2).
@Suite struct RecipeMergeTests {
    let later = Date(timeIntervalSince1970: 1_800_000_000)

    func saved(_ list: ShoppingList, since before: ShoppingList, at offset: Double) -> ShoppingList {
        var list = list
        list.stampChanges(since: before, at: later.addingTimeInterval(offset))
        return list
    }

    func recipe(_ text: String, _ name: String, label: String? = nil) throws -> RecipeRequest {
        try RecipeRequest(recipe: CooklangRecipe(parsing: text), fileName: name + ".cook", label: label)
    }

    @Test func recipesAddedApartBothArriveAndAddUp() throws {
        var base = ShoppingList()
        _ = try base.add(["onion"])
        base = saved(base, since: ShoppingList(), at: 0)
        var ours = base
        _ = try ours.addRecipes([try recipe("@onion{1} @beef{500%g}", "chili")])
        ours = saved(ours, since: base, at: 1)
        var theirs = base
        _ = try theirs.addRecipes([try recipe("@onion{2} @beef{1%lb}", "stew")])
        theirs = saved(theirs, since: base, at: 2)
        let merged = try merged(base: base, ours: ours, theirs: theirs).list
        #expect(merged.recipesInNameOrder.map(\.name) == ["chili", "stew"])
        #expect(merged.item(named: "onion")?.amount.description == "4")
        #expect(merged.item(named: "beef")?.amount.description == "953.592 g")
    }

    @Test func anItemPutOnTheListByHandStaysWhenARecipeElsewhereIsTakenBack() throws {
        var log = PurchaseLog()
        var base = ShoppingList()
        _ = try base.add(["zucchini", "bread"])
        _ = try base.buy([base.item(named: "zucchini")!.id], at: later, log: &log)
        base = saved(base, since: ShoppingList(), at: 0)
        var ours = base
        _ = try ours.addRecipes([try recipe("@zucchini{2}", "gratin")])
        var theirs = base
        _ = try theirs.add(["zucchini"])
        for (first, second) in [(ours, theirs), (theirs, ours)] {
            var list = try merged(
                base: base, ours: saved(first, since: base, at: 1), theirs: saved(second, since: base, at: 2)
            ).list
            #expect(list.item(named: "zucchini")?.recipesOnly == false)
            _ = list.removeRecipes(try list.recipes(named: "gratin", label: nil).map(\.id))
            #expect(list.item(named: "zucchini")?.onList == true, "the hand-added zucchini left the list")
        }
    }

    @Test func oneRecipeAddedOnBothDevicesCountsOnce() throws {
        let base = ShoppingList()
        var ours = base
        _ = try ours.addRecipes([try recipe("@beef{500%g}", "chili", label: "mon")])
        var theirs = base
        _ = try theirs.addRecipes([try recipe("@beef{500%g}", "chili", label: "mon")])
        let merged = try merged(
            base: base, ours: saved(ours, since: base, at: 1), theirs: saved(theirs, since: base, at: 2))
        #expect(merged.list.recipesInNameOrder.count == 1)
        #expect(merged.list.item(named: "beef")?.amount.description == "500 g")
    }

    @Test func aRemovalOnOneSideAndABuyOnTheOtherBothHold() throws {
        var log = PurchaseLog()
        var base = ShoppingList()
        _ = try base.addRecipes([
            try recipe("@beef{500%g} @rice{1%kg}", "chili"), try recipe("@beans{2%cans}", "salad"),
        ])
        base = saved(base, since: ShoppingList(), at: 0)
        var ours = base
        _ = ours.removeRecipes(try ours.recipes(named: "salad", label: nil).map(\.id))
        var theirs = base
        _ = try theirs.buy([theirs.item(named: "beef")!.id], at: later, log: &log)
        let merged = try merged(
            base: base, ours: saved(ours, since: base, at: 1), theirs: saved(theirs, since: base, at: 2)
        ).list
        #expect(merged.item(named: "beans")?.onList == false)
        #expect(merged.item(named: "beef")?.onList == false)
        #expect(merged.item(named: "rice")?.amount.description == "1 kg")
        // Taking the chili back later leaves nothing from recipes on the list.
        var after = merged
        _ = after.removeRecipes(after.recipesInNameOrder.map(\.id))
        #expect(after.items.filter(\.onList).isEmpty)
    }
}
