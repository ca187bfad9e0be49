import Foundation
import Testing

/// SPEC 16's names as people type them, `edit NAME...`, the decimal comma and `edit --pantry`.
@Suite struct HouseholdNamesEndToEndTests {
    /// Singular and plural find each other; a recipe's `onion` is the list's `Onions`.
    @Test func singularAndPluralAreOneItem() throws {
        let shop = try ShopProcess()
        defer { shop.remove() }
        try shop.ok(["add", "Onions", "Tomatoes", "Berries"])
        let edited = try shop.ok(["edit", "tomato", "berry", "--star"])
        #expect(edited.stderr == "Updated Tomatoes, Berries\n", "\(edited)")
        let recipe = shop.folder.appendingPathComponent("fry.cook")
        try "Fry @onion{2}.\n".write(to: recipe, atomically: true, encoding: .utf8)
        let added = try shop.ok(["recipe", "add", recipe.path])
        #expect(added.stderr == "Added fry: Onions ×2\n", "\(added)")
    }

    /// `add onion` beside `Onions` is that item, on the list or off it; a recipe's and a plan's `onion`
    /// too, and `onion` and `onions` in one recipe are one need.
    @Test func addOfTheSingularIsThePluralsItem() throws {
        let shop = try ShopProcess()
        defer { shop.remove() }
        try shop.ok(["add", "Onions"])
        let again = try shop.ok(["add", "onion"])
        #expect(again.stderr == "Onions: already on the list\n", "\(again)")
        try shop.ok(["buy", "onions"])
        let back = try shop.ok(["add", "onion", "-q", "3"])
        #expect(back.stderr == "Back on the list: Onions\n", "\(back)")
        let recipe = shop.folder.appendingPathComponent("fry.cook")
        try "Fry @onion{1}, then @onions{2}.\n".write(to: recipe, atomically: true, encoding: .utf8)
        let added = try shop.ok(["recipe", "add", recipe.path])
        #expect(added.stderr == "Added fry: Onions ×3\n", "\(added)")
        let plan = shop.folder.appendingPathComponent(".shopping-list")
        try "onion{1}\n".write(to: plan, atomically: true, encoding: .utf8)
        try shop.ok(["plan", plan.path])
        let list = try shop.ok(["list", "--format", "csv"]).stdout
        #expect(list.hasSuffix("\r\nOnions,7,Unknown Location,true,,\r\n"), "\(list)")
    }

    /// `buy sourdough` for the off-list "Sourdough loaf" suggests that item, never `add`.
    @Test func buySuggestsTheLongerNameOffTheList() throws {
        let shop = try ShopProcess()
        defer { shop.remove() }
        try shop.ok(["add", "Sourdough loaf"])
        try shop.ok(["buy", "Sourdough loaf"])
        try shop.expectFailure(["buy", "sourdough"], status: 1, mentioning: "no item matches 'sourdough'")
        let outcome = try shop.run(["buy", "sourdough"])
        #expect(outcome.stderr.hasSuffix("Hint: did you mean 'Sourdough loaf'?\n"), "\(outcome)")
    }

    /// `edit` takes several names in one undo step; `--price` and `--paid` take a decimal comma.
    @Test func editSeveralAndDecimalComma() throws {
        let shop = try ShopProcess()
        defer { shop.remove() }
        try shop.ok(["add", "milk", "eggs"])
        try shop.ok(["edit", "milk", "eggs", "--price", "1,19"])
        let list = try shop.ok(["list"]).stdout
        #expect(list.contains("Total: 2.38"), "\(list)")
        try shop.ok(["undo"])
        #expect(!(try shop.ok(["list"]).stdout.contains("1.19")))
        try shop.ok(["buy", "milk", "--paid", "2,5"])
        #expect(try shop.ok(["history"]).stdout.contains("2.50"))
        let rename = try shop.run(["edit", "milk", "eggs", "--name", "x"])
        #expect(rename.status == 64 && rename.stderr.hasPrefix("Error: '--name' renames one item, not 2\n"))
    }

    /// `edit NAME --pantry` takes what recipes need of it off the list.
    @Test func pantryTakesRecipeNeedsOff() throws {
        let shop = try ShopProcess()
        defer { shop.remove() }
        let recipe = shop.folder.appendingPathComponent("fry.cook")
        try "Fry @onion{1} in @butter{150%g}.\n".write(to: recipe, atomically: true, encoding: .utf8)
        try shop.ok(["recipe", "add", recipe.path])
        try shop.ok(["edit", "butter", "--pantry"])
        let list = try shop.ok(["list"]).stdout
        #expect(!list.contains("butter"), "\(list)")
        #expect(try shop.ok(["recipes"]).stdout == "fry\n  onion\n")
    }
}
