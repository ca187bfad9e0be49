import Foundation
import Testing

/// The household stories of issue 16, on real git with two and three devices: nothing a device set is lost
/// when lists merge, stamps are per field and causal, and what belongs to one device stays on it.
@Suite(.serialized, .enabled(if: SyncLab.hasGit)) struct HouseholdMergeEndToEndTests {
    /// The data file's JSON object.
    private func dataFile(_ device: ShopProcess) throws -> [String: Any] {
        try #require(try JSONSerialization.jsonObject(with: Data(contentsOf: device.syncedFile)) as? [String: Any])
    }

    private func records(_ device: ShopProcess, _ kind: String) throws -> [String: [String: Any]] {
        let list = try dataFile(device)[kind] as? [[String: Any]] ?? []
        return Dictionary(uniqueKeysWithValues: list.map { ($0["name"] as! String, $0) })
    }

    /// Story 1: a device with its own list joins the household; same-named things become one and keep
    /// everything either side set; the ids kept are the first-sorting ones on every device.
    @Test func aDeviceWithItsOwnListJoinsAndNothingIsLost() throws {
        let lab = try SyncLab()
        defer { lab.remove() }
        let a = try lab.device("a")
        let b = try lab.device("b")
        let g = try lab.device("g")
        let sections = ["Produce", "Bakery", "Dairy", "Frozen", "Drinks"]
        for (index, section) in sections.enumerated() {
            try a.ok(["location", "add", section, "--order", "\((index + 1) * 10)"])
        }
        try a.ok(["add", "Milk", "-l", "Dairy", "--note", "the blue one", "--every", "7", "--price", "1.10"])
        try a.ok(["edit", "Milk", "--star"])
        try a.ok(["store", "add", "Hypermarket"] + sections)
        try lab.join(a, b)

        // G started apart: its own Milk (a price only), its own Dairy at the default order, its own
        // one-location Hypermarket and an item only it has.
        try g.ok(["location", "add", "Dairy"])
        try g.ok(["add", "Milk", "-l", "Dairy", "--price", "1.25"])
        try g.ok(["add", "Oat milk", "-l", "Dairy"])
        try g.ok(["store", "add", "Hypermarket", "Dairy"])
        let aMilk = try #require(try records(a, "items")["Milk"]?["id"] as? String)
        let gMilk = try #require(try records(g, "items")["Milk"]?["id"] as? String)
        try g.ok(["sync", "init", lab.remote.path])
        try g.ok(["sync"])
        for device in [a, b, g, a, b] { try device.ok(["sync"]) }

        let exported = try a.run(["export"]).stdout
        #expect(try b.run(["export"]).stdout == exported && g.run(["export"]).stdout == exported)
        let milk = try #require(try records(a, "items")["Milk"])
        #expect(milk["starred"] as? Bool == true)
        #expect(milk["note"] as? String == "the blue one")
        #expect(milk["every"] as? Int == 7)
        // Both set a price: G's is the later.
        #expect(milk["price"] as? Double == 1.25)
        #expect(milk["id"] as? String == min(aMilk, gMilk))
        #expect(try records(a, "items").keys.sorted() == ["Milk", "Oat milk"])
        // One Dairy, at the order A set; one Hypermarket walking all five sections (G's later walk of
        // Dairy first, then the ones only A walked).
        let dairy = try #require(try records(a, "locations")["Dairy"])
        #expect(dairy["visitationOrder"] as? Int == 30)
        #expect(try records(a, "locations").count == 6)
        let store = try #require(
            try JSONSerialization.jsonObject(with: Data(a.ok(["store", "show", "Hypermarket", "--json"]).stdout.utf8))
                as? [String: Any])
        #expect(store["locations"] as? [String] == ["Dairy", "Produce", "Bakery", "Frozen", "Drinks"])
        #expect(try records(a, "items")["Oat milk"]?["locationId"] as? String == dairy["id"] as? String)
    }

    /// Story 2: stamps are per field. B sets Milk ×5, then A sets ×3, then B edits the note: ×3 (A's later
    /// edit of the quantity) and B's note both survive.
    @Test func aLaterEditOfOneFieldIsNotBeatenByAnEditOfAnother() throws {
        let lab = try SyncLab()
        defer { lab.remove() }
        let a = try lab.device("a")
        let b = try lab.device("b")
        try a.ok(["add", "Milk"])
        try lab.join(a, b)

        try b.ok(["edit", "Milk", "-q", "5"])
        try a.ok(["edit", "Milk", "-q", "3"])
        try b.ok(["edit", "Milk", "--note", "oat"])
        try b.ok(["sync"])
        let outcome = try a.ok(["sync"])
        try b.ok(["sync"])
        #expect(try a.run(["export"]).stdout == b.run(["export"]).stdout)
        let milk = try #require(try a.items()["Milk"])
        #expect(milk["quantity"] as? Int == 3 && milk["note"] as? String == "oat")
        // The conflict line names the record, the field, both values and the one kept.
        #expect(
            outcome.stderr.contains(
                #"item "Milk": quantity changed on both sides (ours 3, theirs 5); kept the later edit (ours: 3)"#),
            "\(outcome)")
    }

    /// Story 2, clocks that disagree: an edit made after a device has seen another is later than it,
    /// whatever the two clocks say. A's clock runs two days fast (its stamps are rewritten two days ahead);
    /// B, with the right time, edits after syncing, and B's edit wins on every device.
    @Test func anEditMadeAfterSeeingAnotherIsLaterWhateverTheClocks() throws {
        let lab = try SyncLab()
        defer { lab.remove() }
        let a = try lab.device("a")
        let b = try lab.device("b")
        try a.ok(["add", "Milk"])
        try lab.join(a, b)

        try a.ok(["edit", "Milk", "-q", "7"])
        let ahead = Date().addingTimeInterval(2 * 86_400)
        var text = try String(contentsOf: a.syncedFile, encoding: .utf8)
        // Every stamp of this run is from today: move the whole file's stamps two days ahead.
        let formatter = ISO8601DateFormatter()
        formatter.formatOptions = [.withInternetDateTime, .withFractionalSeconds]
        let future = formatter.string(from: ahead)
        text = text.replacingOccurrences(
            of: #""\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d\d\dZ""#, with: "\"\(future)\"", options: .regularExpression)
        try text.write(to: a.syncedFile, atomically: true, encoding: .utf8)
        try a.ok(["sync"])
        try b.ok(["sync"])
        #expect(try b.items()["Milk"]?["quantity"] as? Int == 7)
        try b.ok(["edit", "Milk", "-q", "4"])
        let stamps = try #require(try records(b, "items")["Milk"]?["modifiedAt"] as? [String: String])
        #expect(try #require(stamps["quantity"]) > future)
        try a.ok(["edit", "Milk", "--note", "A's note"])
        try b.ok(["sync"])
        try a.ok(["sync"])
        try b.ok(["sync"])
        #expect(try a.run(["export"]).stdout == b.run(["export"]).stdout)
        let milk = try #require(try a.items()["Milk"])
        #expect(milk["quantity"] as? Int == 4 && milk["note"] as? String == "A's note")
    }

    /// Story 3: the current store and the timer are one device's own: they never reach the data file, git
    /// or another device.
    @Test func aDevicesCurrentStoreAndTimerStayOnIt() throws {
        let lab = try SyncLab()
        defer { lab.remove() }
        let a = try lab.device("a")
        let b = try lab.device("b")
        try a.ok(["location", "add", "Dairy"])
        try a.ok(["add", "Milk", "-l", "Dairy"])
        try a.ok(["add", "Tea"])
        try a.ok(["store", "add", "Warehouse", "Dairy"])
        try lab.join(a, b)

        let before = try Data(contentsOf: b.syncedFile)
        try b.ok(["store", "use", "Warehouse"])
        try b.ok(["timer", "start"])
        #expect(try Data(contentsOf: b.syncedFile) == before)
        let device = b.syncedFile.path + ".device"
        #expect(FileManager.default.fileExists(atPath: device))
        let mode = try FileManager.default.attributesOfItem(atPath: device)[.posixPermissions] as? Int
        #expect(mode == 0o600)
        try b.ok(["add", "Bread"])
        try b.ok(["sync"])
        try a.ok(["sync"])

        #expect(try a.items().keys.sorted() == ["Bread", "Milk", "Tea"])
        #expect(try !a.run(["list"]).stdout.hasPrefix("At "))
        #expect(try a.ok(["stores", "--json"]).stdout.contains("\"isCurrent\" : false"))
        #expect(try a.ok(["timer", "--json"]).stdout.contains("\"running\" : false"))
        #expect(try b.ok(["stores", "--json"]).stdout.contains("\"isCurrent\" : true"))
        #expect(try b.ok(["list"]).stdout.hasPrefix("At Warehouse"))
        // Neither the data file nor any commit holds them.
        let text = try String(contentsOf: b.syncedFile, encoding: .utf8)
        #expect(!text.contains("currentStoreId") && !text.contains("\"timer\""))
        let tracked = try SyncLab.git(["ls-files"], in: b.dataFolder)
        #expect(!tracked.contains(".device"), "\(tracked)")
        #expect(try SyncLab.git(["log", "--all", "-p"], in: b.dataFolder).contains("currentStoreId") == false)
    }

    /// Story 4 (this branch's part: what merges; naming it is sync's summary): an undo on one device that
    /// removes an item removes it on the other, and a third device converges too.
    @Test func anUndoneAddTravelsAndThreeDevicesConverge() throws {
        let lab = try SyncLab()
        defer { lab.remove() }
        let devices = try ["a", "b", "c"].map(lab.device)
        try devices[0].ok(["add", "Bread"])
        try devices[0].ok(["sync", "init", lab.remote.path])
        try devices[0].ok(["sync"])
        for device in devices.dropFirst() {
            try device.ok(["sync", "init", lab.remote.path])
            try device.ok(["sync"])
        }
        try devices[1].ok(["add", "Olive oil"])
        try devices[1].ok(["sync"])
        try devices[2].ok(["sync"])
        #expect(try devices[2].items()["Olive oil"] != nil)
        try devices[1].ok(["undo"])
        try devices[0].ok(["add", "Rice"])
        try devices[2].ok(["edit", "Bread", "-q", "2"])
        for device in devices + devices { try device.ok(["sync"]) }
        let exported = try devices[0].run(["export"]).stdout
        for device in devices { #expect(try device.run(["export"]).stdout == exported) }
        let items = try devices[0].items()
        #expect(items.keys.sorted() == ["Bread", "Rice"])
        #expect(items["Bread"]?["quantity"] as? Int == 2)
    }

    /// An earlier file's current store and timer move to the device file at its first write, and the
    /// version 2 file is written as version 3.
    @Test func aVersionTwoFileHandsItsCurrentStoreAndTimerToTheDeviceFile() throws {
        let shop = try ShopProcess()
        defer { shop.remove() }
        let fixture = ReadmeTests.root.appendingPathComponent("Tests/ShopFormatsTests/Fixtures/version2/shop.json")
        try FileManager.default.createDirectory(
            at: shop.dataFile.deletingLastPathComponent(), withIntermediateDirectories: true)
        try FileManager.default.copyItem(at: fixture, to: shop.dataFile)
        // Read before any write: the old file's choices are this device's.
        #expect(try shop.ok(["stores"]).stdout.hasPrefix("* Saturday Market"))
        #expect(try shop.ok(["timer", "--json"]).stdout.contains("\"running\" : true"))
        try shop.ok(["add", "Saffron"])
        let text = try String(contentsOf: shop.dataFile, encoding: .utf8)
        #expect(text.contains("\"version\" : 12") && !text.contains("currentStoreId") && !text.contains("\"timer\""))
        let device = try String(contentsOfFile: shop.dataFile.path + ".device", encoding: .utf8)
        #expect(device.contains("\"currentStoreId\" : \"8B2E6C94-3A17-5D08-9F45-6E7A1C2B0D58\""))
        #expect(device.contains("\"startedAt\" : \"2026-11-23T01:46:34Z\""))
        #expect(try shop.ok(["stores"]).stdout.hasPrefix("* Saturday Market"))
        #expect(try shop.ok(["timer", "--json"]).stdout.contains("\"running\" : true"))
    }
}
