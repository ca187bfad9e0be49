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
