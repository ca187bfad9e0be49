import Foundation
import Testing

/// `shop store learn` as real processes: trips bought one item at a time under a moved clock (`SHOP_NOW`),
/// the proposal, `--apply`, `undo`, and its errors.
@Suite(.serialized) struct StoreLearnEndToEndTests {
    /// Produce, Dairy, Bakery and Deli with an item each; the store Market walks Produce, Bakery, Dairy.
    private func market() throws -> ShopProcess {
        let shop = try ShopProcess()
        for location in ["Produce", "Dairy", "Bakery", "Deli"] { try shop.run(["location", "add", location]) }
        try shop.run(["add", "apples", "-l", "produce"])
        try shop.run(["add", "milk", "-l", "dairy"])
        try shop.run(["add", "bread", "-l", "bakery"])
        try shop.run(["add", "ham", "-l", "deli"])
        try shop.run(["add", "batteries"])
        try shop.run(["store", "add", "Market", "produce", "bakery", "dairy"])
        return shop
    }

    /// One trip on `day`: each item bought by its own `buy` process, a minute apart from 10:01.
    private func trip(_ shop: ShopProcess, day: String, _ items: [String]) throws {
        for (minute, item) in items.enumerated() {
            let outcome = try shop.run(
                ["buy", item, "--store", "Market", "--date", day],
                environment: ["SHOP_NOW": "\(day)T10:\(String(format: "%02d", minute + 1)):00Z"])
            #expect(outcome.status == 0, "\(outcome)")
        }
    }

    private func walk(_ shop: ShopProcess) throws -> [String] {
        let outcome = try shop.run(["store", "show", "market", "--json"])
        let store = try JSONSerialization.jsonObject(with: Data(outcome.stdout.utf8)) as? [String: Any]
        return store?["locations"] as? [String] ?? []
    }

    @Test func tripsProposeAWalkThatApplyMakesAndUndoTakesBack() throws {
        let shop = try market()
        defer { shop.remove() }
        // The shopper walks Produce, Dairy, Bakery, then Deli (which Market does not list).
        try trip(shop, day: "2026-03-01", ["apples", "milk", "bread", "ham"])
        try trip(shop, day: "2026-03-03", ["milk", "bread", "ham"])
        // buy --all logs every item at one time: no trip.
        try shop.run(["add", "apples", "milk", "bread"])
        try shop.run(["buy", "--all", "--store", "Market"], environment: ["SHOP_NOW": "2026-03-04T10:00:00Z"])

        let before = shop.dataBytes()
        for arguments in [["store", "learn", "market"], ["store", "learn", "market", "--apply"]] {
            let early = try shop.run(arguments)
            #expect(early.status == 0, "\(early)")
            #expect(
                early.stdout
                    == "Market: 2 trips so far; learning a walk needs 3 (a trip is a day's purchases there, ticked off one at a time)\n",
                "\(early)")
            #expect(shop.dataBytes() == before, "too few trips change nothing")
        }
        let earlyJSON = try shop.run(["store", "learn", "market", "--json", "--apply"])
        let early = try #require(try JSONSerialization.jsonObject(with: Data(earlyJSON.stdout.utf8)) as? [String: Any])
        #expect(early["proposed"] is NSNull && early["trips"] as? Int == 2 && early["applied"] as? Bool == false)
        #expect(shop.dataBytes() == before)

        try trip(shop, day: "2026-03-06", ["apples", "milk", "ham", "bread"])
        let beforeLearning = shop.dataBytes()
        let proposal = try shop.run(["store", "learn", "market"])
        #expect(proposal.status == 0, "\(proposal)")
        #expect(proposal.stdout.hasPrefix("Market: a walk learned from 3 trips\n"), "\(proposal)")
        #expect(
            proposal.stdout.contains("Moves, with their evidence:\n  Dairy before Bakery: 3 of 3 trips\n"),
            "\(proposal)")
        #expect(proposal.stdout.contains("Visited on the trips, not at this store: Deli (3 trips)"), "\(proposal)")
        #expect(proposal.stderr.contains("shop store learn Market --apply"), "\(proposal)")
        let quiet = try shop.run(["--quiet", "store", "learn", "market"])
        #expect(quiet.stdout == proposal.stdout && quiet.stderr.isEmpty, "\(quiet)")
        #expect(shop.dataBytes() == beforeLearning, "a proposal changes nothing")

        let json = try shop.run(["store", "learn", "market", "--json"])
        let object = try #require(try JSONSerialization.jsonObject(with: Data(json.stdout.utf8)) as? [String: Any])
        #expect(object["proposed"] as? [String] == ["Produce", "Dairy", "Bakery"])
        #expect(object["current"] as? [String] == ["Produce", "Bakery", "Dairy"])
        #expect(
            object["trips"] as? Int == 3 && object["tripsNeeded"] as? Int == 3 && object["applied"] as? Bool == false)
        let moves = try #require(object["moves"] as? [[String: Any]])
        #expect(
            moves.count == 1 && moves[0]["before"] as? String == "Dairy" && moves[0]["after"] as? String == "Bakery")
        #expect(moves[0]["agreeing"] as? Int == 3 && moves[0]["trips"] as? Int == 3)
        let unlisted = try #require(object["unlisted"] as? [[String: Any]])
        #expect(
            unlisted.count == 1 && unlisted[0]["location"] as? String == "Deli" && unlisted[0]["trips"] as? Int == 3)

        let applied = try shop.run(["store", "learn", "market", "--apply"])
        #expect(applied.status == 0, "\(applied)")
        #expect(applied.stderr.contains("New walking order for Market, learned from 3 trips"), "\(applied)")
        #expect(try walk(shop) == ["Produce", "Dairy", "Bakery"])
        let steps = try shop.run(["undo", "--list"]).stdout
        #expect(steps.split(separator: "\n").first?.contains("store learn market --apply") == true, "\(steps)")
        // Learned again: the walk agrees, nothing is written.
        let afterApply = shop.dataBytes()
        let again = try shop.run(["store", "learn", "market", "--apply"])
        #expect(again.status == 0 && again.stdout.contains("the walk already agrees with the 3 trips"), "\(again)")
        #expect(shop.dataBytes() == afterApply)

        #expect(try shop.run(["undo"]).status == 0)
        #expect(try walk(shop) == ["Produce", "Bakery", "Dairy"])
        #expect(shop.dataBytes() == beforeLearning, "undo puts back the very file")
    }

    @Test func errorsExitWithTheirCodesAndChangeNothing() throws {
        let shop = try market()
        defer { shop.remove() }
        try shop.expectFailure(["store", "learn", "nosuch"], status: 1, mentioning: "no store matches 'nosuch'")
        try shop.expectFailure(["store", "learn", "nosuch", "--apply"], status: 1, mentioning: "'nosuch'")
        try shop.expectFailure(["store", "learn"], status: 64, mentioning: "Missing expected argument '<store>'")
        try shop.expectFailure(
            ["store", "learn", "market", "--bogus"], status: 64, mentioning: "Unknown option '--bogus'")
        try shop.expectFailure(["store", "learn", "market", "extra"], status: 64, mentioning: "extra")
        try shop.expectFailure(["store", "learn", "market", "--apply=yes"], status: 64, mentioning: "--apply")
    }
}
