import Foundation
import Testing

/// SPEC 23, left from 20: a tap queued on the phone for an item that a sync then joined with another device's
/// record of the same name applies to the record kept: the purchase is logged, never answered `gone`.
@Suite(
    .serialized, .enabled(if: ServeServer.unavailable == nil, "\(ServeServer.unavailable ?? "")"),
    .enabled(if: SyncLab.hasGit, "git is not installed"))
struct ServeJoinedItemTests {
    @Test func aQueuedTapOnAJoinedItemBuysTheItemKept() throws {
        let lab = try SyncLab()
        defer { lab.remove() }
        let laptop = try lab.device("laptop")
        let phone = try lab.device("phone")
        try laptop.ok(["add", "bread"])
        try lab.join(laptop, phone)
        // Both add oat milk before either syncs: two records of one name, joined by the next syncs.
        try laptop.ok(["add", "oat milk"])
        try phone.ok(["add", "oat milk"])
        let ids = try [laptop, phone].map { try ServeProcessTests.itemID($0, "oat milk") }
        try laptop.ok(["sync"])
        try phone.ok(["sync"])
        try laptop.ok(["sync"])
        let kept = try ServeProcessTests.itemID(phone, "oat milk")
        #expect(try ServeProcessTests.itemID(laptop, "oat milk") == kept)
        let dropped = try #require(ids.first { $0 != kept })
        // The phone's page queued a tap on the record that is gone now.
        let server = try ServeServer(phone)
        defer { server.stop() }
        let now = ISO8601DateFormatter().string(from: Date())
        let op =
            #"{"id": "\#(UUID().uuidString)", "op": "buy", "item": "\#(dropped)", "name": "oat milk", "at": "\#(now)", "store": null}"#
        let answer = try server.exchange(server.postOps(#"{"ops": [\#(op)]}"#))
        #expect(try ServeProcessTests.results(answer) == ["applied"], "\(answer)")
        let history = try phone.ok(["history", "oat milk", "--json"]).stdout
        let rows = try #require(try JSONSerialization.jsonObject(with: Data(history.utf8)) as? [[String: Any]])
        #expect(rows.count == 1 && rows.first?["itemId"] as? String == kept, "\(history)")
        #expect(try phone.items()["oat milk"]?["onList"] as? Bool == false)
    }
}
