import Foundation
import ShopHistory
import ShopJSON
import Testing

@testable import ShopFormats
@testable import ShopModel

@Suite struct DataFileCodecTests {
    let locationID = "0F3B3C1E-3C6A-4B8E-9A51-6A1D5E2B7C90"
    let itemID = "E621E1F8-C36C-495A-93FC-0C247A3E6E5F"

    func decode(_ text: String) throws(ShopError) -> ShoppingList {
        try DataFileCodec.decode(Array(text.utf8), path: "/data/shop.json")
    }

    func corruptDetail(_ text: String) -> String? {
        do {
            _ = try decode(text)
            return nil
        } catch {
            guard case .corruptFile(let path, let detail) = error else { return "unexpected \(error)" }
            #expect(path == "/data/shop.json")
            return detail
        }
    }

    @Test func missingOptionalKeysTakeDefaults() throws {
        let list = try decode(
            #"{"version":1,"locations":[{"id":"\#(locationID)","name":"Dairy"}],"#
                + #""items":[{"id":"\#(itemID)","name":"milk","locationId":"\#(locationID)","note":null}]}"#)
        let item = try #require(list.item(named: "milk"))
        #expect(item.quantity == 1 && item.onList && item.isAvailable && !item.starred)
        #expect(item.dateLastPurchased == nil && item.restock == nil && item.note == nil && item.price == nil)
        let dairy = try #require(list.location(named: "Dairy"))
        #expect(dairy.visitationOrder == 50 && dairy.color == .neutral && !dairy.isUnknown)
        #expect(list.locations.count == 2)  // the Unknown Location is added
    }

    @Test func onlyVersionIsAnEmptyList() throws {
        let list = try decode(#"{"version": 1, "future": {"nested": [1, {"x": null}]}}"#)
        #expect(list.isEmpty)
    }

    @Test func readsDatesWithFractionsAndOffsets() throws {
        func date(_ text: String) throws -> Date? {
            try decode(
                #"{"version":1,"items":[{"id":"\#(itemID)","name":"a","locationId":"\#(locationID)","dateLastPurchased":"\#(text)"}],"#
                    + #""locations":[{"id":"\#(locationID)","name":"L"}]}"#
            ).item(named: "a")?.dateLastPurchased
        }
        let expected = Date(timeIntervalSince1970: 1_795_341_600)  // 2026-11-22T10:00:00Z
        #expect(try date("2026-11-22T10:00:00Z") == expected)
        #expect(try date("2026-11-22T10:00:00.987Z") == expected)
        #expect(try date("2026-11-22T11:30:00+01:30") == expected)
        #expect(try date("2026-11-22T05:00:00-05:00") == expected)
        #expect(TimestampText.string(expected) == "2026-11-22T10:00:00Z")
        for bad in ["2026-02-30T10:00:00Z", "2026-11-22 10:00:00Z", "2026-11-22T10:00:00", "2026-11-22T24:00:00Z"] {
            #expect(throws: ShopError.self) { try date(bad) }
        }
    }

    @Test func pricesAreExact() throws {
        func price(_ text: String) throws -> Price? {
            try decode(
                #"{"version":1,"items":[{"id":"\#(itemID)","name":"a","locationId":"\#(locationID)","price":\#(text)}],"#
                    + #""locations":[{"id":"\#(locationID)","name":"L"}]}"#
            ).item(named: "a")?.price
        }
        #expect(try price("2.49")?.cents == 249)
        #expect(try price("2.490")?.cents == 249)
        #expect(try price("3")?.cents == 300)
        #expect(try price("0.5e1")?.cents == 500)
        for bad in ["2.491", "-1", "\"2.49\"", "1e400", "99999999999999999999999"] {
            #expect(throws: ShopError.self) { try price(bad) }
        }
    }

    @Test func wrongTypeNamesLineColumnRecordAndKey() {
        let text = """
            {
              "items" : [
                {
                  "id" : "\(itemID)",
                  "locationId" : "\(locationID)",
                  "name" : "milk",
                  "quantity" : true
                }
              ],
              "version" : 1
            }
            """
        #expect(corruptDetail(text) == #"line 7, column 20: item "milk": "quantity" must be an integer"#)
    }

    @Test func errorBeforeTheNameStillNamesTheItem() {
        let text = #"{"items":[{"id":"nope","name":"milk","locationId":"\#(locationID)"}],"version":1}"#
        let detail = corruptDetail(text) ?? ""
        #expect(detail.hasPrefix(#"line 1, column 17: item "milk": "id" must be a UUID"#), "\(detail)")
    }

    @Test(arguments: [
        (#"{"version":1,"version":1}"#, "duplicate key"),
        (#"{"version":1} x"#, "after the end"),
        (#"{"version":1,}"#, "expected a key"),
        (#"{"version":01}"#, "must not start with 0"),
        (#"[1]"#, "must hold a JSON object"),
        (#""#, "unexpected end"),
        (#"{"items":[],"locations":[]}"#, "missing \"version\""),
        (#"{"version":1.5}"#, "must be an integer"),
        (#"{"version":"1"}"#, "must be an integer"),
        (#"{"version":99999999999999999999999}"#, "out of range"),
        (#"{"version":1,"items":{}}"#, "must be an array"),
        (#"{"version":1,"items":[{"name":"a"}]}"#, "missing \"id\""),
        (#"{"version":1,"a":"\ud800"}"#, "surrogate"),
        (#"{"version":1,"a":"\q"}"#, "invalid escape"),
        ("{\"version\":1,\"a\":\"\u{01}\"}", "control character"),
    ])
    func refusesWithReason(_ text: String, _ reason: String) {
        let detail = corruptDetail(text)
        #expect(detail?.contains(reason) == true, "\(detail ?? "accepted")")
    }

    /// Each row's spelling refuses a value of the wrong shape, naming the key; a required member given as
    /// `null` counts as missing.
    @Test(arguments: [
        (#""every":"weekly""#, #""every" must be a number of days or "auto""#),
        (#""pack":"1 kg + 2 l""#, #""pack" must be one amount"#),
        (#""priceUnit":"kilos""#, #""priceUnit" must be a unit's symbol"#),
        (#""storePrices":["x"]"#, #""storePrices" must hold "<store id> <price>[/<unit>] <date>" texts"#),
        (#""unavailableAt":[null]"#, #""unavailableAt" must hold store ids, not null"#),
        (#""unavailableAt":{}"#, #""unavailableAt" must be an array"#),
        (#""price":2.491"#, #""price" must be a number >= 0 with at most 2 decimals"#),
        (#""keeps":1.5"#, #""keeps" must be an integer"#),
        (#""stock":"yes""#, #""stock" must be true or false"#),
        (#""name":null"#, #"missing "name""#),
    ])
    func eachItemRowRefusesABadValueNamingIt(_ member: String, _ reason: String) {
        // The member tested stands in for the name when it is the name.
        let name = member.hasPrefix(#""name""#) ? "" : #","name":"milk""#
        let text = #"{"version":8,"items":[{"id":"\#(itemID)","locationId":"\#(locationID)","# + member + name + "}]}"
        let detail = corruptDetail(text)
        #expect(detail?.contains(reason) == true, "\(detail ?? "accepted")")
    }

    /// A store's walk and a location's colour, read by their rows, refuse a bad value naming the key.
    @Test func storeAndLocationRowsRefuseABadValueNamingIt() {
        let store = #"{"version":8,"stores":[{"id":"\#(itemID)","name":"Aldi","locationIds":[null]}]}"#
        #expect(corruptDetail(store)?.contains(#""locationIds" must hold location ids, not null"#) == true)
        let location = #"{"version":8,"locations":[{"id":"\#(locationID)","name":"Dairy","color":"red"}]}"#
        #expect(corruptDetail(location)?.contains(##""color" must be a colour such as "#9e9e9eff""##) == true)
        let nameless = ##"{"version":8,"locations":[{"id":"\##(locationID)","color":"#9e9e9eff"}]}"##
        #expect(corruptDetail(nameless)?.contains(#"missing "name""#) == true)
    }

    /// A recipe's and a recipe need's members, read by their rows, refuse a bad value naming the key, and
    /// a missing required one by its key.
    @Test func recipeAndNeedRowsRefuseABadValueNamingIt() {
        let recipe = #"{"version":8,"recipes":[{"id":"\#(itemID)","name":"Soup","label":3}]}"#
        #expect(corruptDetail(recipe)?.contains(#"recipe "Soup": "label" must be a string"#) == true)
        let nameless = #"{"version":8,"recipes":[{"id":"\#(itemID)","plan":"week"}]}"#
        #expect(corruptDetail(nameless)?.contains(#"recipe #1: missing "name""#) == true)
        let need = #"{"version":8,"recipeNeeds":[{"id":"\#(itemID)","itemId":"x","recipeId":"\#(locationID)"}]}"#
        #expect(corruptDetail(need)?.contains(#"recipe need #1: "itemId" must be a UUID"#) == true)
        let recipeless = #"{"version":8,"recipeNeeds":[{"id":"\#(itemID)","itemId":"\#(locationID)"}]}"#
        #expect(corruptDetail(recipeless)?.contains(#"recipe need #1: missing "recipeId""#) == true)
        let amount = #"{"version":8,"recipeNeeds":[{"id":"\#(itemID)","amount":true}]}"#
        #expect(corruptDetail(amount)?.contains(#"recipe need #1: "amount" must be an integer"#) == true)
    }

    @Test func refusesInvalidUTF8() {
        var bytes = Array(#"{"version":1,"a":"xx"}"#.utf8)
        bytes[18] = 0xC0
        #expect(throws: ShopError.self) { try DataFileCodec.decode(bytes, path: "p") }
        bytes[18] = 0xED  // the start of an encoded surrogate
        bytes[19] = 0xA0
        #expect(throws: ShopError.self) { try DataFileCodec.decode(bytes, path: "p") }
    }

    @Test func ruleViolationsAreCorruptWithThePath() {
        let text = #"{"version":1,"items":[{"id":"\#(itemID)","name":"a","locationId":"\#(locationID)"}]}"#
        #expect(corruptDetail(text)?.contains("does not exist") == true)
    }

    @Test func newerVersionWinsOverEverythingElse() {
        for text in [
            #"{"items":"a new shape","version":13}"#,
            #"{"items":[{"id":7}],"version":13}"#,
            #"{"version":14}"#,
        ] {
            #expect(
                throws: ShopError.newerVersion(
                    path: "/data/shop.json", found: text.contains("\"version\":14") ? 14 : 13, supported: 12)
            ) {
                try decode(text)
            }
        }
    }

    @Test func deepNestingIsRefusedNotACrash() {
        let deep = String(repeating: "[", count: 100_000)
        #expect(throws: ShopError.self) { try decode(#"{"version":1,"x":"# + deep) }
    }

}
