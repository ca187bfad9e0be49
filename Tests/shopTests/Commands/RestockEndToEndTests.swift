import Foundation
import Testing

/// `shop restock` against a data file whose purchase dates are set relative to the real clock.
@Suite struct RestockEndToEndTests {
    private static let unknownID = "00000000-0000-4000-8000-000000000001"

    private static func item(_ name: String, id: Int, onList: Bool, every: Int?, daysAgo: Double?) -> String {
        var fields = [
            "\"id\": \"00000000-0000-4000-8000-\(String(format: "%012d", id))\"", "\"name\": \"\(name)\"",
            "\"locationId\": \"\(unknownID)\"", "\"onList\": \(onList)",
        ]
        if let every { fields.append("\"every\": \(every)") }
        if let daysAgo {
            let date = Date().addingTimeInterval(-daysAgo * 86_400)
            fields.append("\"dateLastPurchased\": \"\(ISO8601DateFormatter().string(from: date))\"")
        }
        return "{" + fields.joined(separator: ", ") + "}"
    }

    @Test func restocksDueStaplesOnlyAndDryRunChangesNothing() throws {
        let shop = try ShopProcess()
        defer { shop.remove() }
        let items = [
            Self.item("milk", id: 10, onList: false, every: 7, daysAgo: 8),  // due
            Self.item("coffee", id: 11, onList: false, every: 14, daysAgo: 3),  // not yet
            Self.item("tea", id: 12, onList: false, every: 30, daysAgo: nil),  // never bought: due
            Self.item("eggs", id: 13, onList: true, every: 7, daysAgo: 30),  // already on the list
            Self.item("jam", id: 14, onList: false, every: nil, daysAgo: 400),  // no interval
        ]
        let file = """
            {"version": 1, "locations": [{"id": "\(Self.unknownID)", "name": "Unknown Location", "isUnknown": true}],
             "items": [\(items.joined(separator: ","))]}
            """
        try FileManager.default.createDirectory(
            at: shop.dataFile.deletingLastPathComponent(), withIntermediateDirectories: true)
        try Data(file.utf8).write(to: shop.dataFile)

        let dryRun = try shop.run(["restock", "--dry-run"])
        // Every decision is explained (SPEC section 10), in walking order; the due ones come first on their line.
        let lines = dryRun.stdout.split(separator: "\n").map(String.init)
        #expect(dryRun.status == 0 && lines.count == 3, "\(dryRun)")
        #expect(
            lines.filter { $0.hasPrefix("due ") }.map { $0.dropFirst(8).prefix(while: { $0 != ":" }) } == [
                "milk", "tea",
            ])
        #expect(lines.contains { $0.hasPrefix("not due coffee: every 14 days, next due ") })
        #expect(lines.contains("due     tea: every 30 days, never bought: due now"))
        #expect(dryRun.stderr.contains("dry run"))
        #expect(shop.dataBytes() == Data(file.utf8))

        let json = try shop.run(["restock", "--json"])
        #expect(json.status == 0, "\(json)")
        let restocked = try #require(try JSONSerialization.jsonObject(with: Data(json.stdout.utf8)) as? [[String: Any]])
        #expect(restocked.map { $0["name"] as? String } == ["milk", "tea"])
        #expect(restocked.allSatisfy { $0["onList"] as? Bool == true })
        #expect(json.stderr == "Restocked milk, tea\n")

        let again = try shop.run(["restock"])
        #expect(again.status == 0 && again.stderr == "Nothing is due for restocking.\n", "\(again)")
    }
}
