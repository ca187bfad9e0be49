import Foundation
import ShopJSON
import ShopModel
import ShopSharingTests
import ShopTestSupport
import Testing

@testable import ShopKit
@testable import ShopPlacing

/// Where a new item goes (SPEC 21): the guess on the development names of `../shared/aisles` placed into the sample
/// data's locations, on recipe ingredient names, in households with other location names, and from a household's own
/// items.
@Suite struct LocationGuessTests {
    /// `../shared` from the repository, if it holds the aisles sample.
    static var shared: URL? {
        let repository = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent().deletingLastPathComponent()
        let shared = repository.deletingLastPathComponent().appendingPathComponent("shared")
        let dev = shared.appendingPathComponent("aisles/dev.tsv")
        return FileManager.default.fileExists(atPath: dev.path) ? shared : nil
    }

    /// The figures on a set of names with their right location: how many placed, how many of those right.
    struct Figures: CustomStringConvertible {
        var total = 0
        var placed = 0
        var right = 0
        var placedShare: Double { Double(placed) / Double(max(total, 1)) }
        var rightShare: Double { Double(right) / Double(max(placed, 1)) }
        var description: String {
            "placed \(placed)/\(total) (\(Int(placedShare * 1000))‰), right \(right)/\(placed) (\(Int(rightShare * 1000))‰)"
        }
    }

    /// Guesses each `(name, location name)` in the sample data, where the names are new.
    static func figures(_ rows: [(name: String, location: String)], in list: ShoppingList) -> (Figures, [String]) {
        let guesser = LocationGuesser(list: list)
        var figures = Figures()
        var wrong: [String] = []
        for row in rows {
            figures.total += 1
            guard let guess = guesser.guess(row.name) else { continue }
            figures.placed += 1
            let name = list.location(guess.locationID)?.name ?? ""
            if name == row.location {
                figures.right += 1
            } else {
                wrong.append("\(row.name) → \(name) (\(row.location)) \(guess.because)")
            }
        }
        return (figures, wrong)
    }

    @Test(.enabled(if: shared != nil, "../shared/aisles is not beside the repository"))
    func placesTheDevelopmentNamesIntoTheSampleLocations() throws {
        let text = try String(contentsOf: Self.shared!.appendingPathComponent("aisles/dev.tsv"), encoding: .utf8)
        let rows = text.split(separator: "\n").dropFirst().map { line in
            let fields = line.split(separator: "\t", omittingEmptySubsequences: false)
            return (name: String(fields[0]), location: String(fields[1]))
        }
        let list = try SampleData.load()
        let (figures, _) = Self.figures(rows, in: list)
        // Every 5th name held out of tuning: its figures say whether the rest were overfitted.
        let tuned = rows.enumerated().filter { $0.offset % 5 != 4 }.map(\.element)
        let heldOut = rows.enumerated().filter { $0.offset % 5 == 4 }.map(\.element)
        let (tunedFigures, tunedWrong) = Self.figures(tuned, in: list)
        print("dev.tsv: \(figures); tuned on: \(tunedFigures); held out: \(Self.figures(heldOut, in: list).0)")
        if ProcessInfo.processInfo.environment["SHOP_GUESS_WRONG"] != nil { print(tunedWrong.joined(separator: "\n")) }
        #expect(figures.total == 2000)
        // Floors of what the guess does today (SPEC 21 judges other names the same way): 80.5% placed, 90.3% right
        // (issue 50 tuned on three quarters by a hash of the name, see GuessEvaluation, and measured the rest once:
        // 80.6% placed, 89.6% right).
        #expect(figures.placedShare >= 0.80, "\(figures)")
        #expect(figures.rightShare >= 0.90, "\(figures)")
    }

    @Test(.enabled(if: shared != nil, "../shared/ingredient-lines is not beside the repository"))
    func placesMostRecipeIngredientNames() throws {
        var names: [String] = []
        for file in ["tastecooking-ingredients-snapshot-2024.csv", "cookstr-ingredients-snapshot-2017.csv"] {
            let text = try String(
                contentsOf: Self.shared!.appendingPathComponent("ingredient-lines/\(file)"), encoding: .utf8)
            names += SharedRecipeData.csvRows(text).dropFirst().compactMap {
                $0.count > 1 && !$0[1].isEmpty ? $0[1] : nil
            }
        }
        let guesser = LocationGuesser(list: try SampleData.load())
        let placed = names.filter { guesser.guess($0) != nil }.count
        print("ingredient names: placed \(placed)/\(names.count)")
        #expect(names.count > 20000)
        // 95.1%: recipes' words read as a cook means them (`egg yolks`, `dried sage`, `to taste`); a flavour before
        // butter or meat is still no guess.
        #expect(Double(placed) >= 0.95 * Double(names.count))
    }

    /// A list with these locations (in walking order) and items (`name`, location name).
    static func household(_ locations: [String], items: [(String, String)] = []) throws -> ShoppingList {
        var list = ShoppingList()
        for (order, name) in locations.enumerated() { _ = try list.addLocation(named: name, order: order + 1) }
        for (name, location) in items {
            var changes = ItemChanges()
            changes.locationID = list.location(named: location)!.id
            _ = try list.add([name], applying: changes)
        }
        return list
    }

    static func guessed(_ names: [String], in list: ShoppingList) -> [String] {
        let guesser = LocationGuesser(list: list)
        return names.map { guesser.guess($0).flatMap { list.location($0.locationID)?.name } ?? "-" }
    }

    @Test func placesIntoAnEnglishHouseholdsOwnLocationNames() throws {
        let list = try Self.household([
            "Produce", "Bread", "Milk & Eggs", "Cheese", "Meat Counter", "Fish", "Frozen", "Canned & Soups",
            "Pasta, Rice & International", "Baking Supplies", "Spices", "Cereal & Coffee", "Chips & Candy",
            "Drinks", "Wine & Beer", "Cleaning", "Health & Beauty", "Pet Food",
        ])
        let names = [
            "bananas", "sourdough loaf", "greek yogurt", "eggs", "butter", "gouda", "pork chops", "salmon fillet",
            "ice cream", "chicken broth", "basmati rice", "all-purpose flour", "cumin", "olive oil", "granola",
            "potato chips", "sparkling water", "red wine", "dish soap", "shampoo", "dry cat food", "frozen peas",
        ]
        #expect(
            Self.guessed(names, in: list) == [
                "Produce", "Bread", "Milk & Eggs", "Milk & Eggs", "Milk & Eggs", "Cheese", "Meat Counter", "Fish",
                "Frozen", "Canned & Soups", "Pasta, Rice & International", "Baking Supplies", "Spices", "Spices",
                "Cereal & Coffee", "Chips & Candy", "Drinks", "Wine & Beer", "Cleaning", "Health & Beauty", "Pet Food",
                "Frozen",
            ])
    }

    @Test func placesIntoAGermanHouseholdsOwnLocationNames() throws {
        let list = try Self.household([
            "Obst & Gemüse", "Backwaren", "Molkerei", "Käsetheke", "Fleisch & Wurst", "Tiefkühlkost", "Konserven",
            "Nudeln & Reis", "Backzutaten", "Gewürze & Saucen", "Frühstück", "Süßwaren", "Getränke", "Drogerie",
            "Haushalt",
        ])
        let names = [
            "Äpfel", "Tomaten", "Vollkornbrot", "Brötchen", "Vollmilch", "Schlagsahne", "Bergkäse", "Hackfleisch",
            "Rinderhack", "Fischstäbchen", "Kichererbsen", "Spaghetti", "Weizenmehl", "Paprikapulver", "Senf",
            "Haferflocken", "Gummibärchen", "Mineralwasser", "Zahnpasta", "Spülmittel", "Butter", "Eier",
        ]
        #expect(
            Self.guessed(names, in: list) == [
                "Obst & Gemüse", "Obst & Gemüse", "Backwaren", "Backwaren", "Molkerei", "Molkerei", "Käsetheke",
                "Fleisch & Wurst", "Fleisch & Wurst", "Tiefkühlkost", "Konserven", "Nudeln & Reis", "Backzutaten",
                "Gewürze & Saucen", "Gewürze & Saucen", "Frühstück", "Süßwaren", "Getränke", "Drogerie", "Haushalt",
                "Molkerei", "Molkerei",
            ])
    }

    @Test func aHouseholdsOwnItemsComeBeforeTheVocabulary() throws {
        // This household keeps paprika with the baking things and yogurt in the fridge door.
        let list = try Self.household(
            ["Produce", "Dairy", "Baking", "Door", "Frozen", "Spices"],
            items: [("Paprika", "Baking"), ("Greek yogurt", "Door"), ("Heavy cream", "Dairy")])
        let guesser = LocationGuesser(list: list)
        let paprika = try #require(guesser.guess("smoked paprika"))
        #expect(list.location(paprika.locationID)?.name == "Baking")
        #expect(paprika.evidence == .household && paprika.because == "your item 'Paprika'")
        #expect(
            Self.guessed(["vanilla yogurts", "ice cream", "whipping cream", "cumin"], in: list) == [
                "Door", "Frozen", "Dairy", "Spices",
            ])
        let cumin = try #require(guesser.guess("cumin"))
        #expect(cumin.evidence == .vocabulary && cumin.because == "'cumin'" && cumin.kind == .condiments)
    }

    @Test func noGuessBelowTheEvidence() throws {
        let list = try SampleData.load()
        // Nonsense, a word of no aisle, a kind the sample has no location for, packaged produce.
        #expect(
            Self.guessed(["xyzzy", "frobnicate widget", "dry dog food", "pickle spears", ""], in: list) == [
                "-", "-", "-", "-", "-",
            ])
        // The sample's items in the Unknown Location teach nothing.
        #expect(Self.guessed(["AA batteries"], in: list) == ["Household & Cleaning"])
    }

    /// A dish or an assortment (kit, bowl, skillet) goes where each shop decides: better unknown than wrong.
    @Test func aDishOrAnAssortmentIsNoGuess() throws {
        let list = try SampleData.load()
        #expect(
            Self.guessed(
                ["sugar cookie kit", "lean chipotle chicken bowl", "skillet shrimp scampi", "dinner rolls"],
                in: list) == ["-", "-", "-", "Bakery"])
    }

    /// A flavour before a food not sold by flavour names a sweet (`candy filled eggs`), not the food; where foods come
    /// in flavours (yogurt) it says nothing against the guess.
    @Test func aFlavourBeforeAFoodNotSoldByFlavourIsNoGuess() throws {
        let list = try SampleData.load()
        #expect(
            Self.guessed(
                ["candy filled eggs", "chocolate covered eggs", "teriyaki chicken thighs", "cage free eggs"], in: list)
                == ["-", "-", "-", "Eggs & Butter"])
        #expect(
            Self.guessed(["vanilla greek yogurt", "salted butter with honey"], in: list) == ["Dairy", "Eggs & Butter"])
    }

    /// Better unknown than wrong (SPEC 21): two foods of different aisles joined by `&`, a snack or a bar of a chilled
    /// food, a food made into sticks, cooked meat and brewed tea are no guess; a flavour or two foods before one
    /// head still are, and so is a word that says which of two aisles (`frozen`).
    @Test func aNameOfTwoAislesIsNoGuess() throws {
        let list = try SampleData.load()
        #expect(
            Self.guessed(
                [
                    "ham & mustard", "chicken and rice", "mozzarella snack sticks", "lemon sorbet bars",
                    "salmon snack bites", "pulled pork", "sweetened iced tea", "cherry pie",
                ], in: list) == ["-", "-", "-", "-", "-", "-", "-", "-"])
        #expect(
            Self.guessed(
                ["cherry & almond granola", "tomato & basil soup", "turkey jerky sticks", "frozen cherry pie"],
                in: list) == ["Breakfast & Cereal", "Canned Goods", "Snacks", "Frozen Foods"])
    }

    /// Packed in a liquid, whatever the liquid is made of, a fruit or a fish is canned (`in ... juice`).
    @Test func aFoodPackedInANamedLiquidIsCanned() throws {
        let list = try SampleData.load()
        #expect(
            Self.guessed(
                ["pear halves in pear juice", "sardines in teriyaki sauce", "smoked mussels in sunflower oil"], in: list
            )
                == ["Canned Goods", "Canned Goods", "Canned Goods"])
    }

    @Test(.enabled(if: shared != nil, "../shared/aisles is not beside the repository"))
    func readingItemsPerNameGuessesAsTheIndexDoes() throws {
        let text = try String(contentsOf: Self.shared!.appendingPathComponent("aisles/dev.tsv"), encoding: .utf8)
        let names = text.split(separator: "\n").dropFirst().prefix(400).map { String($0.split(separator: "\t")[0]) }
        var list = try SampleData.load()
        // A kind no location's name says (the Deli renamed): found by the items it holds, both ways.
        _ = try list.editLocation(list.location(named: "Deli")!.id, name: "Counter 7")
        let indexed = LocationGuesser(list: list)
        let perName = LocationGuesser(list: list, names: 1)
        for name in names + ["vanilla yogurt", "smoked ham", "sliced turkey"] {
            #expect(indexed.guess(name) == perName.guess(name), "\(name)")
        }
        #expect(indexed.guess("sliced turkey").flatMap { list.location($0.locationID)?.name } == "Counter 7")
    }

    @Test func placingMovesOnlyNewItemsInTheUnknownLocation() throws {
        var list = try Self.household(["Cheese", "Dairy"], items: [("gouda", "Dairy")])
        _ = try list.add(["brie", "xyzzy"])
        let ids = ["gouda", "brie", "xyzzy"].map { list.item(named: $0)!.id }
        let guesses = list.placeNewItems(ids)
        #expect(guesses.count == 1 && list.item(named: "gouda")?.locationGuess == nil)
        #expect(list.location(list.item(named: "gouda")!.locationID)?.name == "Dairy")
        #expect(list.location(list.item(named: "brie")!.locationID)?.name == "Cheese")
        #expect(list.item(named: "brie")?.locationGuess == "'brie'")
        #expect(list.item(named: "xyzzy")?.locationID == list.unknownLocationID)
    }

    @Test func theVocabularyIsReadAsNamesAre() {
        let vocabulary = Vocabulary.shipped
        let kinds = vocabulary.kindsByKey
        #expect(kinds.count > 2500 && vocabulary.stopWords.contains("and"))
        for (key, kind) in kinds {
            #expect(GroceryWords.words(key).joined(separator: " ") == key, "\(key)")
            // The index finds each word as the table of every word holds it.
            #expect(vocabulary.kind(ofKey: key) == kind, "\(key)")
        }
        #expect(vocabulary.kind(ofKey: "mac cheese") == .grains && vocabulary.kind(ofKey: "ice cream") == .frozen)
        #expect(vocabulary.kind(ofKey: "xyzzy") == nil && vocabulary.kind(ofKey: "") == nil)
    }
}

/// Classes of wrong guesses found on the development names (issue 50), each with names written here, not drawn from
/// `../shared`: what a grocer knows about packing, meals and where a product's flavour is named.
@Suite struct LocationGuessClassTests {
    static func guessed(_ names: [String]) throws -> [String] {
        try LocationGuessTests.guessed(names, in: SampleData.load())
    }

    /// Produce made into a mix, a medley, cut pieces or bites is a bag of frozen vegetables, a snack or a fruit cup.
    @Test func packedProduceIsNoFreshProduce() throws {
        #expect(
            try Self.guessed(["strawberry mix", "vegetable medley", "cut green beans", "apple bites", "baby carrots"])
                == ["-", "-", "-", "-", "Fruits & Vegetables"])
    }

    /// Meat or grains with another food is a meal, frozen or at the deli; a food named only after `with` is no guess.
    @Test func aMealOfMeatOrGrainsWithAnotherFoodIsNoGuess() throws {
        let got = try Self.guessed([
            "turkey with gravy", "rice with vegetables", "fiesta with chicken", "tuna with lemon",
        ])
        #expect(got == ["-", "-", "-", "Canned Goods"], "\(got)")
    }

    /// A fruit, a spice or a cream named after the food flavours it (`granola cinnamon`).
    @Test func aFlavourNamedAfterTheFoodIsTheFoods() throws {
        let got = try Self.guessed(["granola cinnamon", "jam raspberry", "crackers sour cream", "tart apples"])
        #expect(got == ["Breakfast & Cereal", "Breakfast & Cereal", "Snacks", "Fruits & Vegetables"], "\(got)")
    }

    /// A baked good's mix is flour and the rest in a box; chips or chocolate for baking are with the baking things.
    @Test func aMixOfABakedGoodAndWhatIsForBakingGoToBaking() throws {
        #expect(
            try Self.guessed(["scone mix", "muffin mixture", "baking chips", "scones"]) == [
                "Baking", "Baking", "Baking", "Bakery",
            ])
    }

    /// Milks of plants as drinks stand with the milk, tofu in the chilled case beside the meat.
    @Test func plantMilkDrinksAndTofu() throws {
        #expect(
            try Self.guessed(["soy drink", "vanilla almondmilk", "extra firm tofu"]) == [
                "Dairy", "Dairy", "Meat & Poultry",
            ])
    }

    /// A sandwich or a spring roll is at the deli or frozen: no guess unless a word says which.
    @Test func sandwichesAreFreshOrFrozen() throws {
        #expect(
            try Self.guessed(["chicken sandwich", "frozen chicken sandwich", "vegetable spring rolls"]) == [
                "-", "Frozen Foods", "-",
            ])
    }

    /// Recipes name a food's parts in the plural (`egg yolks`, `cardamom pods`): read past like the singular, and a
    /// produce phrase's own word in the plural still names fresh produce (`bell peppers`).
    @Test func aFoodsPartsInThePluralAreTheFood() throws {
        let got = try Self.guessed([
            "egg yolks", "orange bell peppers", "fenugreek seeds", "broccoli florets", "mahi mahi fillets",
            "green cardamom pods",
        ])
        #expect(
            got == [
                "Eggs & Butter", "Fruits & Vegetables", "Spices & Condiments", "Fruits & Vegetables", "Seafood",
                "Spices & Condiments",
            ], "\(got)")
    }

    /// A ground or dried herb is a spice, fresh-ground pepper too; a sprig is of a fresh herb; dried fruit a snack.
    @Test func groundAndDriedHerbsAreSpicesASprigIsFresh() throws {
        let got = try Self.guessed([
            "ground sage", "freshly ground white pepper", "coriander sprigs", "dried sage", "dried figs",
            "dried red chiles",
        ])
        #expect(
            got == [
                "Spices & Condiments", "Spices & Condiments", "Fruits & Vegetables", "Spices & Condiments", "Snacks",
                "Spices & Condiments",
            ], "\(got)")
    }

    /// A cut after a fish is the fish's; a cheese after a cracker or a pasta flavours it; a flavour before `with`
    /// says what the food after it tastes of.
    @Test func aPartOrAFlavourNamedAfterTheFood() throws {
        let got = try Self.guessed([
            "cod loins", "pork loin", "wheat crackers cheddar", "macaroni & cheese extra sharp cheddar", "cheddar",
            "lemon with green tea",
        ])
        #expect(
            got == [
                "Seafood", "Meat & Poultry", "Snacks", "Pasta & Rice", "Cheese Counter", "Breakfast & Cereal",
            ], "\(got)")
    }

    /// How a recipe's ingredient is sold: dried beans with the rice, tomatoes with their juice in a can, the juice
    /// of a fresh lime from the lime, vegetables in oil and any paste a jar of seasoning; `to taste` is no food.
    @Test func howARecipesIngredientIsSold() throws {
        let got = try Self.guessed([
            "dried black beans", "tomatoes with their juice", "fresh lime juice", "garlic in olive oil",
            "ginger garlic paste", "tomato paste", "salt & pepper to taste", "water", "ice",
        ])
        #expect(
            got == [
                "Pasta & Rice", "Canned Goods", "Fruits & Vegetables", "Spices & Condiments", "Spices & Condiments",
                "Canned Goods", "Spices & Condiments", "Beverages", "Frozen Foods",
            ], "\(got)")
    }

    /// A cook's words around the food describe it: its cloves, `or other`, `of your choice`, how tightly packed,
    /// its sheets or tail; a powdered herb is a spice.
    @Test func aCooksWordsAroundTheFoodDescribeIt() throws {
        let got = try Self.guessed([
            "whole cloves garlic", "yukon gold or other waxy potatoes", "fresh herbs of your choice", "powdered garlic",
            "tightly packed brown sugar", "frozen phyllo sheets", "halibut tail",
        ])
        #expect(
            got == [
                "Fruits & Vegetables", "Fruits & Vegetables", "Fruits & Vegetables", "Spices & Condiments", "Baking",
                "Frozen Foods", "Seafood",
            ], "\(got)")
    }

    /// Words of recipes and products the vocabulary lacked or put in another aisle than shops do (second pass).
    @Test func moreGroceryWordsWhereShopsKeepThem() throws {
        let got = try Self.guessed([
            "juniper berries", "granulated onion", "lemon rind", "golden delicious apples", "scotch bonnet pepper",
            "anchovy fillets", "mini marshmallows", "turkey slices", "quinoa flakes", "no bake cheesecake",
            "bacon bits", "stuffed olives", "meatloaf", "chicken tenders", "tender stems", "sliced almonds",
            "mojito cocktail syrup", "nori sheets", "sushi grade tuna",
        ])
        #expect(
            got == [
                "Spices & Condiments", "Spices & Condiments", "Fruits & Vegetables", "Fruits & Vegetables",
                "Fruits & Vegetables", "Canned Goods", "Snacks", "Deli", "Breakfast & Cereal", "Baking",
                "Spices & Condiments", "Spices & Condiments", "Deli", "Meat & Poultry", "-", "Snacks", "Beverages",
                "Pasta & Rice", "Seafood",
            ], "\(got)")
    }

    /// Grocery words the vocabulary lacked or put in another aisle than shops do.
    @Test func groceryWordsWhereShopsKeepThem() throws {
        #expect(
            try Self.guessed([
                "whole peeled tomatoes", "peanut butter cups", "ham steak", "garlic bread", "beet borscht",
                "battered cod", "cheese curds", "doughnut holes", "gorgonzola crumbled",
            ]) == [
                "Canned Goods", "Snacks", "Deli", "Frozen Foods", "Canned Goods", "Frozen Foods", "Cheese Counter",
                "Bakery", "Cheese Counter",
            ])
    }
}
