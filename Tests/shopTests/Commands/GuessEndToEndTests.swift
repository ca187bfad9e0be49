import Foundation
import Testing

/// SPEC 21: `shop guess NAME...` says where new items would go and why, changing nothing.
@Suite(.serialized) struct GuessEndToEndTests {
    @Test func guessSaysWhereAndWhyAndChangesNothing() throws {
        let shop = try ShopProcess()
        defer { shop.remove() }
        try shop.run(["location", "add", "Obst & Gemüse", "--order", "1"])
        try shop.run(["location", "add", "Milk & Eggs", "--order", "2"])
        try shop.run(["location", "add", "Door", "--order", "3"])
        try shop.run(["add", "Greek yogurt", "-l", "door"])
        let before = try Data(contentsOf: shop.dataFile)
        let outcome = try shop.run(["guess", "Äpfel", "butter", "vanilla yogurt", "xyzzy", "greek YOGURT"])
        #expect(outcome.status == 0, "\(outcome)")
        #expect(
            outcome.stdout == """
                Äpfel: Obst & Gemüse (guessed from 'äpfel')
                butter: Milk & Eggs (guessed from 'butter')
                vanilla yogurt: Door (guessed from your item 'Greek yogurt')
                xyzzy: Unknown Location (no guess)
                Greek yogurt: Door (already yours; it stays there)

                """, "\(outcome)")
        let json = try shop.run(["guess", "--json", "butter", "xyzzy"])
        let objects = try #require(try JSONSerialization.jsonObject(with: Data(json.stdout.utf8)) as? [[String: Any]])
        #expect(objects.count == 2)
        #expect(objects[0]["location"] as? String == "Milk & Eggs" && objects[0]["because"] as? String == "'butter'")
        #expect(objects[1]["location"] is NSNull && objects[1]["because"] is NSNull)
        #expect(objects[1]["existing"] as? Bool == false)
        #expect(try Data(contentsOf: shop.dataFile) == before)
        try shop.expectFailure(["guess"], status: 64, mentioning: "<name>")
    }
}

/// SPEC 21: every item created without a location is placed by a guess; `--location` wins, existing items never move,
/// `show` says where the location came from, and a person's `--location` makes it theirs.
@Suite(.serialized) struct AddPlacesNewItemsEndToEndTests {
    @Test func addPlacesANewItemAndSaysWhereAndWhy() throws {
        let shop = try ShopProcess()
        defer { shop.remove() }
        try shop.run(["location", "add", "Cheese Counter", "--order", "1"])
        try shop.run(["location", "add", "Dairy", "--order", "2"])
        try shop.run(["location", "add", "Bakery", "--order", "3"])
        try shop.run(["add", "Whole wheat bread", "-l", "Dairy"])
        var outcome = try shop.run(["add", "gouda", "xyzzy", "rye bread"])
        #expect(
            outcome.stderr == """
                Added xyzzy
                Added gouda to Cheese Counter (guessed from 'gouda'; 'shop edit gouda --location …' moves it)
                Added rye bread to Dairy (guessed from your item 'Whole wheat bread'; \
                'shop edit "rye bread" --location …' moves it)

                """, "\(outcome)")
        // `--location` wins; an existing item never moves.
        outcome = try shop.run(["add", "brie", "-l", "Bakery"])
        #expect(outcome.stderr == "Added brie\n", "\(outcome)")
        outcome = try shop.run(["add", "Whole wheat bread"])
        #expect(outcome.stderr == "Whole wheat bread: already on the list\n", "\(outcome)")
        let shown = try shop.run(["show", "Whole wheat bread"]).stdout
        #expect(shown.contains("Location:     Dairy (you set it)\n"), "\(shown)")
        // --json: the new item's guess, null for none.
        let json = try shop.run(["add", "--json", "cheddar", "zzz"])
        let objects = try #require(try JSONSerialization.jsonObject(with: Data(json.stdout.utf8)) as? [[String: Any]])
        let guess = try #require(objects[0]["locationGuess"] as? [String: Any])
        #expect(guess["location"] as? String == "Cheese Counter" && guess["because"] as? String == "'cheddar'")
        #expect(objects[1]["locationGuess"] is NSNull && objects[1]["location"] as? String == "Unknown Location")
        // `show` says it was guessed until a person sets the location.
        #expect(try shop.run(["show", "gouda"]).stdout.contains("Location:     Cheese Counter (guessed from 'gouda')"))
        try shop.run(["edit", "gouda", "-l", "Cheese Counter"])
        #expect(try shop.run(["show", "gouda"]).stdout.contains("Location:     Cheese Counter (you set it)\n"))
    }

    @Test func aRecipeSaysHowManyOfItsNewItemsWerePlaced() throws {
        let shop = try ShopProcess()
        defer { shop.remove() }
        try shop.run(["location", "add", "Produce"])
        let recipe = shop.folder.appendingPathComponent("salad.cook")
        try Data("Toss @tomatoes{2}, @cucumber{1} and @xyzzy{1}.".utf8).write(to: recipe)
        let outcome = try shop.run(["recipe", "add", recipe.path])
        #expect(
            outcome.stderr.hasSuffix("(3 new items: 2 placed by a guess, 1 in Unknown Location)\n"), "\(outcome)")
        let list = try shop.run(["list"]).stdout
        #expect(list.contains("tomatoes") && list.contains("Produce"), "\(list)")
    }

    /// `import` of new items with no location places them (a ShoppingList14 item without a location name); an item the
    /// list has already, or one that names a location, stays where the list or the file puts it.
    @Test func importPlacesNewItemsWithoutALocation() throws {
        let shop = try ShopProcess()
        defer { shop.remove() }
        try shop.run(["location", "add", "Produce", "--order", "1"])
        try shop.run(["location", "add", "Cheese", "--order", "2"])
        try shop.run(["add", "Edam", "-l", "Produce"])
        let folder = shop.folder.appendingPathComponent("sl14")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        try Data(
            """
            [{"name": "bananas", "locationName": "", "quantity": 1, "onList": true, "isAvailable": true},
             {"name": "xyzzy", "locationName": "", "quantity": 1, "onList": true, "isAvailable": true},
             {"name": "gouda", "locationName": "", "quantity": 1, "onList": true, "isAvailable": true},
             {"name": "brie", "locationName": "Produce", "quantity": 1, "onList": true, "isAvailable": true},
             {"name": "edam", "locationName": "", "quantity": 1, "onList": true, "isAvailable": true}]
            """.utf8
        ).write(to: folder.appendingPathComponent("items.json"))
        try Data(
            """
            [{"name": "Produce", "visitationOrder": 1, "red": 0, "green": 1, "blue": 0, "opacity": 1},
             {"name": "Cheese", "visitationOrder": 2, "red": 1, "green": 1, "blue": 0, "opacity": 1}]
            """.utf8
        ).write(to: folder.appendingPathComponent("locations.json"))
        let outcome = try shop.run(["import", folder.path])
        #expect(
            outcome.stderr == """
                Imported 5 items (4 added, 1 updated) and 2 locations (0 added, 2 updated)
                3 new items had no location: 2 placed by a guess ('shop show NAME' says why), 1 in the Unknown Location

                """, "\(outcome)")
        let items = try #require(
            try JSONSerialization.jsonObject(with: Data(shop.run(["list", "--json"]).stdout.utf8)) as? [[String: Any]])
        let places = Dictionary(uniqueKeysWithValues: items.map { ($0["name"] as! String, $0["location"] as! String) })
        #expect(
            places == [
                "bananas": "Produce", "xyzzy": "Unknown Location", "gouda": "Cheese", "brie": "Produce",
                "edam": "Unknown Location",
            ], "\(places)")
        #expect(try shop.run(["show", "bananas"]).stdout.contains("Produce (guessed from 'banana')"))
    }
}
