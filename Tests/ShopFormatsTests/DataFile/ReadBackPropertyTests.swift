import Foundation
import ShopHistory
import ShopJSON
import ShopModelTests
import ShopTestSupport
import Testing

@testable import ShopFormats
@testable import ShopModel

/// SPEC section 14, "never write what cannot be read": every amount, price and record shop holds is
/// written and read back identically, over every combination of unit families in every order (the
/// failure this guards against was a count written before a unit: `3 + 6 cm`).
@Suite struct ReadBackPropertyTests {
    /// One unit of each family shop knows, and awkward word units (kept as written, French, with an `s`).
    static let families: [[String]] = [
        [""],  // a count
        ["g", "kg", "oz", "lb"],
        ["ml", "l", "tsp", "tbsp", "cup", "fl oz", "T", "t"],
        ["can", "bunches", "leaf"],
        ["cm", "gousses", "gros", "Branche", "pincée", "x 2"],
    ]

    /// Every ordered selection of distinct families: 5 + 20 + 60 + 120 + 120 = 325 orders.
    static var familyOrders: [[Int]] {
        var orders: [[Int]] = []
        func extend(_ prefix: [Int]) {
            if !prefix.isEmpty { orders.append(prefix) }
            for family in families.indices where !prefix.contains(family) { extend(prefix + [family]) }
        }
        extend([])
        return orders
    }

    static func quantity(_ random: inout SeededGenerator) -> ExactNumber {
        switch Int.random(in: 0..<4, using: &random) {
        case 0: ExactNumber(whole: Int.random(in: 1...50, using: &random))
        case 1: ExactNumber(scaled: Int128(Int.random(in: 1...50_000, using: &random)), places: 3)
        case 2: ExactNumber(numerator: Int128(Int.random(in: 1...40, using: &random)), denominator: 3)!
        default: ExactNumber(numerator: Int128(Int.random(in: 1...99, using: &random)), denominator: 7)!
        }
    }

    /// An amount with one part per family of `order`, each added as a recipe would add it.
    static func amount(_ order: [Int], _ random: inout SeededGenerator) throws -> Amount {
        var amount = Amount.none
        for family in order {
            let units = families[family]
            let written = units[Int.random(in: 0..<units.count, using: &random)]
            let unit = try #require(written.isEmpty ? .count : try MeasureUnit.validated(written))
            amount = amount.adding(Amount(quantity(&random), unit))
        }
        return amount
    }

    @Test func everyFamilyCombinationIsWrittenAndReadBackIdentically() throws {
        var random = SeededGenerator(seed: 0x5EED_0028)
        let orders = Self.familyOrders
        #expect(orders.count == 325)
        let unknown = Location.makeUnknown()
        var items: [Item] = []
        var recipes: [ListedRecipe] = []
        var needs: [RecipeNeed] = []
        for (index, order) in orders.enumerated() {
            let amount = try Self.amount(order, &random)
            #expect(Amount(exactText: amount.exactText) == amount, "\(amount.exactText)")
            // Half the items carry the amount as the person's, half as recipes' needs (with a price each).
            let price = Price(cents: Int.random(in: 0...Price.maximumCents, using: &random))
            if index.isMultiple(of: 2) {
                items.append(Item(name: "item \(index)", quantity: amount, locationID: unknown.id, price: price))
            } else {
                let item = Item(name: "item \(index)", locationID: unknown.id, price: price, recipesOnly: true)
                let recipe = ListedRecipe(
                    name: "recipe \(index)", label: "2026-W\(index % 53 + 1)", plan: "~/meals/.shopping-list",
                    entry: "./Dinner \(index){\(index)}")
                items.append(item)
                recipes.append(recipe)
                // Two needs of one item: their sum is what the file must hold within the limits.
                let first = try Self.amount(order, &random)
                needs.append(RecipeNeed(recipeID: recipe.id, itemID: item.id, amount: first))
                let second = ListedRecipe(name: "recipe \(index) bis", label: "tue")
                recipes.append(second)
                needs.append(RecipeNeed(recipeID: second.id, itemID: item.id, amount: amount))
            }
        }
        var list = try ShoppingList(items: items, locations: [unknown], recipes: recipes, needs: needs)
        list.stampChanges(since: ShoppingList(), at: Date(timeIntervalSince1970: 1_800_000_000))
        #expect(list.readBackProblem() == nil)
        let bytes = DataFileCodec.encode(list)
        let decoded = try DataFileCodec.decode(bytes, path: "round-trip")
        #expect(decoded == list)
        func amounts(_ list: ShoppingList) -> [Item.ID: Amount] {
            Dictionary(uniqueKeysWithValues: list.items.map { ($0.id, $0.amount) })
        }
        #expect(amounts(decoded) == amounts(list))
        #expect(Set(decoded.recipeNeeds) == Set(list.recipeNeeds))
        #expect(DataFileCodec.encode(decoded) == bytes, "a second write changes nothing")
    }

    @Test func aCountBeforeAUnitIsReadBackAndShownAsACount() throws {
        let amount = Amount(count: 3).adding(Amount(ExactNumber(whole: 6), try #require(MeasureUnit(parsing: "cm"))))
        #expect(amount.exactText == "3 + 6 cm")
        #expect(Amount(exactText: "3 + 6 cm") == amount)
        #expect(amount.description == "×3 + 6 cm")
        #expect(Amount(exactText: "1 tbsp + 1")?.description == "1 tbsp + ×1")
    }

    @Test func whatTheReaderRefusesIsRefusedBeforeWriting() throws {
        let unknown = Location.makeUnknown()
        var list = try ShoppingList(items: [Item(name: "flour", locationID: unknown.id)], locations: [unknown])
        #expect(list.readBackProblem() == nil)
        // A unit holding the separator could not be read back: refused where units come in, and caught
        // before writing were it ever to get through.
        #expect(throws: ShopError.invalidUnit("a + b", problem: .plusSign)) { try MeasureUnit.validated("a + b") }
        var item = try #require(list.item(named: "flour"))
        item.quantity = Amount(ExactNumber(whole: 2), try #require(MeasureUnit(parsing: "a + 6 b")))
        list.replace(item)
        #expect(list.readBackProblem()?.contains("does not read back") == true)
        item.quantity = Amount(ExactNumber(whole: 10_000), .count)
        list.replace(item)
        #expect(list.readBackProblem()?.contains("outside 1...9999") == true)
    }

    @Test func aChangeTheReaderWouldRefuseFailsAndWritesNothing() throws {
        try withTemporaryDirectory { folder in
            let path = folder + "/shop.json"
            let store = DataFileStore(path: path)
            _ = try store.update { (list: inout ShoppingList) throws(ShopError) in
                _ = try list.add(["flour"])
            }
            let before = try readBytes(path)
            // A unit that never passed MeasureUnit.validated: the one way left to hold what cannot be read.
            let unreadable = try #require(MeasureUnit(parsing: "a + 6 b"))
            #expect {
                try store.update { (list: inout ShoppingList) throws(ShopError) in
                    var item = list.item(named: "flour")!
                    item.quantity = Amount(ExactNumber(whole: 2), unreadable)
                    list.replace(item)
                }
            } throws: { error in
                guard case ShopError.unreadableChange(let detail) = error else { return false }
                return detail.contains("flour") && detail.contains("does not read back")
            }
            #expect(try readBytes(path) == before)
        }
    }
}
