import Foundation
import ShopFormats
import ShopFormatsTests
import ShopHistory
import ShopJSON
import ShopModel
import ShopModelTests
import ShopPlacing
import ShopServe
import ShopTestSupport
import Testing

/// The phone's API with several lists (SPEC section 22), answered in process by ``ServeHandler``: `GET /api/list`
/// picks a list (`?list=ID|NAME`, else this device's current list), an `add` op puts its item on the list it names,
/// and taps find their item on any list.
@Suite struct ServeListsTests {
    static let token = "0123456789abcdef0123456789abcdef"
    static let host = "127.0.0.1:8425"

    /// A household of two lists: `Groceries` holds Milk, `Party` holds Crisps.
    struct Household {
        let store: DataFileStore
        let handler: ServeHandler
        let party: NamedList.ID

        init(folder: String) throws {
            var list = ShoppingList()
            party = try list.addList(named: "Party").id
            _ = try list.add(["Milk"])
            _ = try list.add(["Crisps"], onto: party)
            store = DataFileStore(path: folder + "/shop.json", undoDescription: "test")
            try store.save(list)
            // The body names the list shown and its items: which list the handler picked is what is tested here
            // (the page's JSON shape is the executable's, tested with the real server).
            let output = ServeOutput(
                describe: { String(describing: $0) }, warn: { _ in },
                listBody: { workspace, _, shown, _, _, _ in
                    let names = workspace.list.items(on: shown.id).map(\.name).sorted()
                    return Array("\(shown.name): \(names.joined(separator: ", "))".utf8)
                })
            handler = ServeHandler(
                router: ServeRouter(token: ServeListsTests.token, hosts: [ServeListsTests.host]), store: store,
                files: ServeFiles(store: store), fault: nil, output: output, clock: { Date() })
        }

        func get(_ target: String, ifNoneMatch: String? = nil) -> HTTPResponse? {
            var headers = [(name: "Host", value: ServeListsTests.host), ("Authorization", "Bearer \(token)")]
            if let ifNoneMatch { headers.append(("If-None-Match", ifNoneMatch)) }
            return handler.respond(HTTPRequest(method: "GET", target: target, headers: headers), waited: 0).response
        }

        /// POSTs one op (its members as JSON text, without the id) and answers its result object.
        func post(_ members: String) throws -> [String: Any] {
            // Tapped now: a tap a day ahead of the server's clock is refused.
            let at = ISO8601DateFormatter().string(from: Date())
            let body = #"{"ops": [{"id": "\#(UUID().uuidString)", "at": "\#(at)", \#(members)}]}"#
            let request = HTTPRequest(
                method: "POST", target: "/api/ops",
                headers: [
                    ("Host", ServeListsTests.host), ("Authorization", "Bearer \(token)"),
                    ("Content-Type", "application/json"),
                ], body: Array(body.utf8))
            let response = try #require(handler.respond(request, waited: 0).response)
            #expect(response.status == .ok)
            let answer = try JSONSerialization.jsonObject(with: Data(response.body)) as? [String: Any]
            return try #require((answer?["results"] as? [[String: Any]])?.first)
        }

        /// The name of the list item `name` is on, or nil when it is on none (or does not exist).
        func listOf(_ name: String) throws -> String? {
            let list = try store.load()
            return list.item(named: name).flatMap { list.listName(of: $0) }
        }

        func useList(_ id: NamedList.ID) throws {
            try store.updateWorkspace { (workspace: inout Workspace) throws(ShopError) in
                _ = try workspace.device.useList(id, in: workspace.list)
            }
        }
    }

    static func text(_ response: HTTPResponse?) -> String { String(decoding: response?.body ?? [], as: UTF8.self) }

    @Test func theListAnswerShowsTheDevicesCurrentListUnlessTheRequestPicksOne() throws {
        try withTemporaryDirectory { folder in
            let home = try Household(folder: folder)
            #expect(Self.text(home.get("/api/list")) == "Groceries: Milk", "no list asked: this device's current list")
            #expect(Self.text(home.get("/api/list?list=")) == "Groceries: Milk", "list= is no list asked")
            #expect(Self.text(home.get("/api/list?list=Party")) == "Party: Crisps")
            #expect(Self.text(home.get("/api/list?list=party&store=")) == "Party: Crisps", "names in any case")
            #expect(Self.text(home.get("/api/list?list=\(home.party.description.lowercased())")) == "Party: Crisps")
            try home.useList(home.party)
            #expect(Self.text(home.get("/api/list")) == "Party: Crisps", "the device file's current list")
            #expect(Self.text(home.get("/api/list?list=Groceries")) == "Groceries: Milk")
        }
    }

    @Test func anUnknownListIs404NamingIt() throws {
        try withTemporaryDirectory { folder in
            let home = try Household(folder: folder)
            let before = try readBytes(home.store.path)
            for reference in ["Picnic", NamedList.ID.random().description] {
                let response = try #require(home.get("/api/list?list=\(reference)"))
                #expect(response.status == .notFound)
                #expect(Self.text(response).contains(reference), "\(Self.text(response))")
                // Nothing of the request is written into a header.
                #expect(!response.headers.contains { $0.value.contains(reference) })
            }
            #expect(try readBytes(home.store.path) == before)
        }
    }

    @Test func theETagNamesTheListShownSoAnotherListIsNever304() throws {
        try withTemporaryDirectory { folder in
            let home = try Household(folder: folder)
            let groceries = try #require(home.get("/api/list")?.headers.first { $0.name == "ETag" }?.value)
            let party = try #require(home.get("/api/list?list=Party")?.headers.first { $0.name == "ETag" }?.value)
            #expect(groceries != party)
            #expect(home.get("/api/list?list=Party", ifNoneMatch: party)?.status == .notModified)
            #expect(home.get("/api/list?list=\(home.party)", ifNoneMatch: party)?.status == .notModified)
            #expect(home.get("/api/list?list=Party", ifNoneMatch: groceries)?.status == .ok)
            #expect(home.get("/api/list", ifNoneMatch: party)?.status == .ok)
        }
    }

    @Test func anAddGoesOnTheListItNamesElseTheDevicesCurrentList() throws {
        try withTemporaryDirectory { folder in
            let home = try Household(folder: folder)
            #expect(
                try home.post(#""op": "add", "name": "Balloons", "list": "Party""#)["result"] as? String == "applied")
            #expect(try home.listOf("Balloons") == "Party")
            let byID = #""op": "add", "name": "Candles", "list": "\#(home.party)""#
            #expect(try home.post(byID)["result"] as? String == "applied")
            #expect(try home.listOf("Candles") == "Party")
            #expect(try home.post(#""op": "add", "name": "Bread""#)["result"] as? String == "applied")
            #expect(try home.listOf("Bread") == "Groceries")
            try home.useList(home.party)
            #expect(try home.post(#""op": "add", "name": "Ice""#)["result"] as? String == "applied")
            #expect(try home.listOf("Ice") == "Party", "no list named: this device's current list")
        }
    }

    @Test func anAddNamingNoListIsRefusedNamingItAndChangesNothing() throws {
        try withTemporaryDirectory { folder in
            let home = try Household(folder: folder)
            let before = try readBytes(home.store.path)
            let result = try home.post(#""op": "add", "name": "Balloons", "list": "Picnic""#)
            #expect(result["result"] as? String == "refused")
            #expect((result["message"] as? String)?.contains("Picnic") == true, "\(result)")
            let malformed = try home.post(#""op": "add", "name": "Balloons", "list": 3"#)
            #expect(malformed["result"] as? String == "refused")
            #expect((malformed["message"] as? String)?.contains("\"list\"") == true, "\(malformed)")
            #expect(try readBytes(home.store.path) == before)
        }
    }

    @Test func anAddOfAnItemOnAnotherListMovesItAndSaysFromWhere() throws {
        try withTemporaryDirectory { folder in
            let home = try Household(folder: folder)
            let result = try home.post(#""op": "add", "name": "milk", "list": "Party""#)
            #expect(result["result"] as? String == "applied")
            #expect(result["message"] as? String == "Milk: moved from Groceries to Party")
            #expect(try home.listOf("Milk") == "Party")
            // Already there: applied, nothing to say.
            let again = try home.post(#""op": "add", "name": "Milk", "list": "Party""#)
            #expect(again["message"] is NSNull)
        }
    }

    @Test func anAddToAListRemovedMeanwhileIsNotLostAndSaysWhereItWent() throws {
        try withTemporaryDirectory { folder in
            let home = try Household(folder: folder)
            let removed = NamedList.ID.random()
            let result = try home.post(#""op": "add", "name": "Balloons", "list": "\#(removed)""#)
            #expect(result["result"] as? String == "applied")
            #expect(result["message"] as? String == "Balloons: its list was removed meanwhile; added to Groceries")
            #expect(try home.listOf("Balloons") == "Groceries")
        }
    }

    @Test func tapsFindTheirItemOnAnyList() throws {
        try withTemporaryDirectory { folder in
            let home = try Household(folder: folder)
            let crisps = try #require(try home.store.load().item(named: "Crisps")?.id)
            let long = try home.post(#""op": "unavailable", "item": "\#(crisps)", "name": "Crisps""#)
            #expect(long["result"] as? String == "applied")
            let tap = try home.post(#""op": "buy", "item": "\#(crisps)", "name": "Crisps""#)
            #expect(tap["result"] as? String == "applied")
            #expect(try home.store.load().item(named: "Crisps")?.onList == false)
        }
    }
}
