import Foundation
import Testing

/// SPEC 20, names that look alike are one name: compared by NFKC and full case folding; zero-width and
/// text-direction characters refused; a file that already holds two such names loads unchanged.
@Suite(.serialized) struct LookAlikeNamesTests {
    @Test(arguments: [("milk", "ｍｉｌｋ"), ("Straße", "STRASSE"), ("ﬁsh", "FISH")])
    func aLookAlikeIsTheSameItem(_ pair: (String, String)) throws {
        let shop = try ShopProcess()
        defer { shop.remove() }
        try shop.ok(["add", pair.0])
        let outcome = try shop.ok(["add", pair.1])
        #expect(outcome.stderr.contains("already on the list"), "\(outcome)")
        #expect(try shop.ok(["show", pair.1, "--json"]).stdout.contains(pair.0))
        let list = try JSONSerialization.jsonObject(with: Data(try shop.ok(["list", "--json"]).stdout.utf8)) as! [Any]
        #expect(list.count == 1)
    }

    @Test(arguments: ["milk\u{200B}", "\u{202E}milk", "mi\u{2066}lk", "\u{FEFF}milk"])
    func invisibleCharactersAreRefused(_ name: String) throws {
        let shop = try ShopProcess()
        defer { shop.remove() }
        try shop.ok(["add", "eggs"])
        try shop.expectFailure(["add", name], status: 1, mentioning: "invisible character")
        try shop.expectFailure(["edit", "eggs", "--name", name], status: 1, mentioning: "invisible character")
        try shop.expectFailure(["location", "add", name], status: 1, mentioning: "invisible character")
    }

    /// Written by an older shop: `milk` and `ｍｉｌｋ` both. It loads, `list` names the pair once with the
    /// command that renames one, reading changes nothing, and the rename it gives works.
    @Test func aFileHoldingALookAlikePairLoadsUnchanged() throws {
        let shop = try ShopProcess()
        defer { shop.remove() }
        try shop.ok(["add", "milk", "xmilk"])
        let text = try String(contentsOf: shop.dataFile, encoding: .utf8)
        try text.replacingOccurrences(of: "\"xmilk\"", with: "\"ｍｉｌｋ\"").write(
            to: shop.dataFile, atomically: true, encoding: .utf8)
        let before = shop.dataBytes()
        let outcome = try shop.ok(["list"])
        #expect(outcome.stdout.contains("milk") && outcome.stdout.contains("ｍｉｌｋ"), "\(outcome)")
        let notes = outcome.stderr.components(separatedBy: "now count as one name").count - 1
        #expect(notes == 1, "\(outcome)")
        #expect(shop.dataBytes() == before)
        let command = try #require(outcome.stderr.range(of: "shop edit id:").map { outcome.stderr[$0.lowerBound...] })
        let words = command.split(separator: " ").prefix(3).map(String.init)
        try shop.ok(Array(words.dropFirst()) + ["--name", "oat milk"])
        let after = try shop.ok(["list"])
        #expect(!after.stderr.contains("now count as one name"), "\(after)")
        #expect(after.stdout.contains("oat milk") && after.stdout.contains("milk"))
    }
}
