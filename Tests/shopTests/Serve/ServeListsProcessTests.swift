import Foundation
import Testing

/// `GET /api/list` of a real `shop serve` with several lists (SPEC 22): the items of the list shown only, its id, and
/// every list as `shop lists --json` shows them.
@Suite(.serialized, .enabled(if: ServeServer.unavailable == nil, "\(ServeServer.unavailable ?? "")"))
struct ServeListsProcessTests {
    static func json(_ text: String) throws -> Any { try JSONSerialization.jsonObject(with: Data(text.utf8)) }

    /// The ids of the items in an answer's groups, in order.
    static func itemIDs(_ answer: [String: Any]) -> [String] {
        (answer["groups"] as? [[String: Any]] ?? []).flatMap { group in
            (group["items"] as? [[String: Any]] ?? []).compactMap { $0["id"] as? String }
        }
    }

    @Test func theListAnswerCarriesOnlyTheListShownAndEveryListAsListsShowsThem() throws {
        let shop = try ShopProcess()
        defer { shop.remove() }
        try shop.ok(["add", "Milk", "--price", "1.20"])
        try shop.ok(["lists", "add", "Party"])
        try shop.ok(["add", "Crisps", "Cola", "--list", "Party"])
        let server = try ServeServer(shop)
        defer { server.stop() }
        let lists = try #require(try Self.json(try shop.ok(["lists", "--json"]).stdout) as? [[String: Any]])
        let party = try #require(lists.first { $0["name"] as? String == "Party" }?["id"] as? String)
        let groceries = try #require(lists.first { $0["name"] as? String == "Groceries" }?["id"] as? String)
        for (target, id, name) in [
            ("/api/list", groceries, "Groceries"), ("/api/list?list=Party", party, "Party"),
            ("/api/list?list=\(party)", party, "Party"),
        ] {
            let response = try server.exchange(server.request("GET", target))
            #expect(response.status == 200, "\(response)")
            let answer = try #require(try Self.json(response.text) as? [String: Any])
            #expect(answer["list"] as? String == id)
            let expected = try #require(
                try Self.json(try shop.ok(["list", "--list", name, "--json"]).stdout) as? [[String: Any]])
            #expect(Self.itemIDs(answer) == expected.compactMap { $0["id"] as? String }, "\(target)")
            #expect((answer["lists"] as? NSArray) == (lists as NSArray), "the lists as `lists --json` shows them")
        }
        let unknown = try server.exchange(server.request("GET", "/api/list?list=Picnic"))
        #expect(unknown.status == 404)
        #expect(unknown.text.contains("Picnic"), "\(unknown.text)")
    }
}
