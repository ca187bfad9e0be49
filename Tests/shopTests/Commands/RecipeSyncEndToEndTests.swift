import Foundation
import Testing

/// Recipe contributions sync between two devices (SPEC sections 8 and 11.2): what one device's recipes
/// and plans put on the list arrives on the other, counted once, and taken back exactly from either.
@Suite(.serialized, .enabled(if: SyncLab.hasGit)) struct RecipeSyncEndToEndTests {
    /// name → amount shown, from `list --json`.
    func amounts(_ device: ShopProcess) throws -> [String: String] {
        let items = try #require(
            try JSONSerialization.jsonObject(with: Data(device.ok(["list", "--json"]).stdout.utf8)) as? [[String: Any]])
        var result: [String: String] = [:]
        for item in items {
            let parts = (item["amounts"] as? [[String: Any]] ?? []).map { part in
                "\(part["quantity"]!)" + ((part["unit"] as? String).map { " " + $0 } ?? "")
            }
            result[item["name"] as! String] = parts.joined(separator: " + ")
        }
        return result
    }

    func write(_ text: String, _ name: String, in lab: SyncLab) throws -> String {
        let url = lab.root.appendingPathComponent("meals/" + name)
        try FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
        try text.write(to: url, atomically: true, encoding: .utf8)
        return url.path
    }

    @Test func recipesAddedOnTwoDevicesMeetAndComeOffExactly() throws {
        let lab = try SyncLab()
        defer { lab.remove() }
        let a = try lab.device("a")
        let b = try lab.device("b")
        let chili = try write("Cook @beef{500%g} with @onion{2} and @beans{2%cans}.", "chili.cook", in: lab)
        let stew = try write("Stew @beef{1%lb} with @onion{1} and @carrots{300%g}.", "stew.cook", in: lab)
        try a.ok(["add", "onion"])
        try lab.join(a, b)
        let before = try amounts(a)

        // Apart: A adds the chili, B the stew; B also marks salt as a pantry staple.
        try a.ok(["recipe", "add", chili, "--for", "monday"])
        try b.ok(["recipe", "add", stew])
        try a.ok(["sync"])
        // What came in names the recipe, as it names items.
        let cameIn = try b.ok(["sync", "--json"]).stdout
        #expect(cameIn.contains("\"recipe\"") && cameIn.contains("chili (monday)"), "\(cameIn)")
        try a.ok(["sync"])
        let merged = try amounts(a)
        #expect(try amounts(b) == merged)
        #expect(merged["beef"] == "953.592 g" && merged["onion"] == "4" && merged["carrots"] == "300 g")
        #expect(try a.ok(["export"]).stdout == b.ok(["export"]).stdout)

        // The same recipe and label on both devices apart counts once.
        try b.ok(["recipe", "add", chili, "--for", "monday"])
        #expect(try b.ok(["recipes", "--json"]).stdout.components(separatedBy: "\"monday\"").count == 2)

        // A buys the beans, B takes the stew back; both hold after the sync.
        try a.ok(["buy", "beans"])
        try b.ok(["recipe", "remove", "stew"])
        for device in [a, b, a] { try device.ok(["sync"]) }
        let after = try amounts(b)
        #expect(try amounts(a) == after)
        #expect(after["beans"] == nil && after["carrots"] == nil && after["beef"] == "500 g")

        // Taking the chili back on B restores the list on both, apart from the beans bought.
        try b.ok(["recipe", "remove", "chili", "--for", "monday"])
        for device in [b, a] { try device.ok(["sync"]) }
        #expect(try amounts(a) == before && amounts(b) == before)
    }

    @Test func aPlanRunOnEitherDeviceChangesNothingTwice() throws {
        let lab = try SyncLab()
        defer { lab.remove() }
        let a = try lab.device("a")
        let b = try lab.device("b")
        _ = try write("@rice{1%kg} @beans{1%can}", "bowl.cook", in: lab)
        let plan = try write("./bowl{2}\nlimes{3}\n", ".shopping-list", in: lab)
        try a.ok(["add", "milk"])
        try lab.join(a, b)
        // Both devices run the plan apart (two cron jobs): the merge keeps one of each entry.
        try a.ok(["plan", plan])
        try b.ok(["plan", plan])
        for device in [a, b, a] { try device.ok(["sync"]) }
        let merged = try amounts(a)
        #expect(merged["rice"] == "2 kg" && merged["limes"] == "3" && merged["beans"] == "2 can")
        #expect(try amounts(b) == merged)
        let bytes = a.dataBytes()
        try a.ok(["plan", plan])
        #expect(a.dataBytes() == bytes)
    }
}
