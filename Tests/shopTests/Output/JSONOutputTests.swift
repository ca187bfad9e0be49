import Foundation
import ShopKit
import Testing

@testable import shop

@Suite struct JSONOutputTests {
    static let itemKeys = [
        "amounts", "dateLastPurchased", "every", "id", "isAvailable", "keeps", "keepsOpen", "lineTotal", "list",
        "location", "locationId", "minStock", "name", "note", "onList", "pack", "packs", "pantry", "price", "priceUnit",
        "quantity", "starred", "stock", "unit",
    ]
    static let locationKeys = ["color", "id", "isUnknown", "itemCount", "name", "onListCount", "visitationOrder"]

    @Test func itemObjectExactly() throws {
        let fixture = try OutputFixture()
        let yogurt = fixture.item("Yogurt")
        let batteries = fixture.item("Batteries")
        let output = JSONOutput.items([yogurt, batteries], in: fixture.list)
        #expect(
            output == """
                [
                  {
                    "amounts" : [
                      {
                        "quantity" : 1,
                        "unit" : null
                      }
                    ],
                    "dateLastPurchased" : "2026-11-20T10:00:00Z",
                    "every" : null,
                    "id" : "\(yogurt.id)",
                    "isAvailable" : true,
                    "keeps" : null,
                    "keepsOpen" : null,
                    "lineTotal" : null,
                    "list" : null,
                    "location" : "Dairy",
                    "locationId" : "\(fixture.dairy.id)",
                    "minStock" : null,
                    "name" : "Yogurt",
                    "note" : null,
                    "onList" : false,
                    "pack" : null,
                    "packs" : null,
                    "pantry" : false,
                    "price" : null,
                    "priceUnit" : null,
                    "quantity" : 1,
                    "starred" : false,
                    "stock" : false,
                    "unit" : null
                  },
                  {
                    "amounts" : [
                      {
                        "quantity" : 1,
                        "unit" : null
                      }
                    ],
                    "dateLastPurchased" : null,
                    "every" : 30,
                    "id" : "\(batteries.id)",
                    "isAvailable" : true,
                    "keeps" : null,
                    "keepsOpen" : null,
                    "lineTotal" : 5,
                    "list" : "Groceries",
                    "location" : "Unknown Location",
                    "locationId" : "\(fixture.list.unknownLocationID)",
                    "minStock" : null,
                    "name" : "Batteries",
                    "note" : "AA, 4-pack",
                    "onList" : true,
                    "pack" : null,
                    "packs" : null,
                    "pantry" : false,
                    "price" : 5,
                    "priceUnit" : null,
                    "quantity" : 1,
                    "starred" : false,
                    "stock" : false,
                    "unit" : null
                  }
                ]

                """)
    }

    @Test func listParsesBackWithEveryKey() throws {
        let fixture = try OutputFixture()
        let output = JSONOutput.items(fixture.onList, in: fixture.list)
        let array = try #require(try parseJSON(output) as? [[String: Any]])
        #expect(array.map { $0["name"] as? String } == ["Apples", "Bananas", "Milk", "Batteries"])
        for object in array { #expect(object.keys.sorted() == Self.itemKeys) }
        #expect(array[0]["price"] as? Double == 0.5)
        #expect(array[2]["price"] as? Double == 1.25)
        #expect(array[1]["isAvailable"] as? Bool == false)
        #expect(array[1]["price"] is NSNull)
    }

    @Test func byLocation() throws {
        let fixture = try OutputFixture()
        let output = JSONOutput.itemsByLocation(fixture.list.view(of: fixture.onList, at: nil), in: fixture.list)
        let groups = try #require(try parseJSON(output) as? [[String: Any]])
        #expect(groups.count == 3)
        for group in groups { #expect(group.keys.sorted() == ["items", "location"]) }
        let first = try #require(groups[0]["location"] as? [String: Any])
        #expect(first.keys.sorted() == Self.locationKeys)
        #expect(first["name"] as? String == "Produce")
        #expect(first["color"] as? String == "#43a047ff")
        #expect(first["itemCount"] as? Int == 2)
        #expect(first["onListCount"] as? Int == 2)
        let dairy = try #require(groups[1]["location"] as? [String: Any])
        #expect(dairy["itemCount"] as? Int == 2)
        #expect(dairy["onListCount"] as? Int == 1)
        #expect((groups[1]["items"] as? [[String: Any]])?.map { $0["name"] as? String } == ["Milk"])
    }

    @Test func locationsInVisitationOrder() throws {
        let fixture = try OutputFixture()
        let output = JSONOutput.locations(in: fixture.list)
        let array = try #require(try parseJSON(output) as? [[String: Any]])
        #expect(array.map { $0["name"] as? String } == ["Produce", "Dairy", "Bakery", "Unknown Location"])
        #expect(array.map { $0["isUnknown"] as? Bool } == [false, false, false, true])
        #expect(array[0]["visitationOrder"] as? Int == 5)
        #expect(array[3]["color"] as? String == "#9e9e9eff")
        for object in array { #expect(object.keys.sorted() == Self.locationKeys) }
        #expect(output.contains("\"id\" : \"\(fixture.produce.id)\""))
    }

    @Test func locationShowAddsItems() throws {
        let fixture = try OutputFixture()
        let output = JSONOutput.location(fixture.dairy, in: fixture.list)
        let object = try #require(try parseJSON(output) as? [String: Any])
        #expect(object.keys.sorted() == (Self.locationKeys + ["items"]).sorted())
        #expect((object["items"] as? [[String: Any]])?.map { $0["name"] as? String } == ["Milk", "Yogurt"])
        #expect(object["itemCount"] as? Int == 2)
        let empty = try #require(try parseJSON(JSONOutput.location(fixture.bakery, in: fixture.list)) as? [String: Any])
        #expect(empty["onListCount"] as? Int == 0)
    }

    @Test func purchasedSplit() throws {
        let fixture = try OutputFixture()
        let output = JSONOutput.purchased(
            recent: [fixture.item("Yogurt")], earlier: [], in: fixture.list, paid: PaidTotals())
        let object = try #require(try parseJSON(output) as? [String: Any])
        #expect(object.keys.sorted() == ["earlier", "recent"])
        #expect((object["earlier"] as? [Any])?.isEmpty == true)
        #expect(output.contains("\"earlier\" : [],\n"))
    }

    @Test func timer() throws {
        let now = OutputFixture.now
        let running = StoreTimer(accumulatedSeconds: 4, startedAt: now.addingTimeInterval(-750))
        #expect(
            JSONOutput.timer(running, now: now) == """
                {
                  "elapsedSeconds" : 754,
                  "running" : true,
                  "startedAt" : "2026-11-22T09:47:30Z"
                }

                """)
        let stopped = try #require(try parseJSON(JSONOutput.timer(StoreTimer(), now: now)) as? [String: Any])
        #expect(stopped["startedAt"] is NSNull)
        #expect(stopped["running"] as? Bool == false)
    }

    @Test func emptyArrayAndSingleItem() throws {
        let fixture = try OutputFixture()
        #expect(JSONOutput.items([], in: fixture.list) == "[]\n")
        let milk = try #require(
            try parseJSON(JSONOutput.item(fixture.item("Milk"), in: fixture.list)) as? [String: Any])
        #expect(milk.keys.sorted() == Self.itemKeys)
        #expect(milk["starred"] as? Bool == true)
    }

    @Test func hostileTextStaysValidJSON() throws {
        let list = try hostileList()
        let output = JSONOutput.items(list.nameOrder(list.items), in: list)
        #expect(!output.unicodeScalars.contains("\u{1b}"))
        let array = try #require(try parseJSON(output) as? [[String: Any]])
        #expect(Set(array.compactMap { $0["name"] as? String }) == ["evil\u{1b}[2J", "say \"hi\", then\r\nleave"])
        #expect(array.contains { $0["location"] as? String == "Aisle\u{1b}]0;pwned\u{7}" })
    }

    @Test func isoDates() {
        #expect(TimestampText.string(Date(timeIntervalSince1970: 0)) == "1970-01-01T00:00:00Z")
        #expect(TimestampText.string(Date(timeIntervalSince1970: 1_795_341_600)) == "2026-11-22T10:00:00Z")
        #expect(TimestampText.string(Date(timeIntervalSince1970: 951_782_400)) == "2000-02-29T00:00:00Z")
        #expect(TimestampText.string(Date(timeIntervalSince1970: -1)) == "1969-12-31T23:59:59Z")
        #expect(TimestampText.string(Date(timeIntervalSince1970: 4_102_444_799.9)) == "2099-12-31T23:59:59Z")
    }
}
