import Foundation
import Testing

/// The device file (`shop.json.device`, SPEC section 8.3) from the command line: damage is reported and
/// ignored for reading, refused for writing (exit 65, naming it), and a link is refused (exit 74).
@Suite struct DeviceFileEndToEndTests {
    private func sandbox() throws -> ShopProcess {
        let shop = try ShopProcess()
        try shop.run(["location", "add", "Dairy"])
        try shop.run(["add", "milk", "-l", "Dairy"])
        try shop.run(["store", "add", "Market", "Dairy"])
        return shop
    }

    private func devicePath(_ shop: ShopProcess) -> String { shop.dataFile.path + ".device" }

    @Test func aDamagedDeviceFileIsReportedIgnoredAndNeverWrittenOver() throws {
        let shop = try sandbox()
        defer { shop.remove() }
        try shop.run(["store", "use", "Market"])
        let damage = Data("{ \"currentStoreId\": 12, \"version\": 1 }".utf8)
        try damage.write(to: URL(fileURLWithPath: devicePath(shop)))

        // Reading: a warning naming the file, then the list as if nothing were chosen.
        let listed = try shop.run(["list"])
        #expect(listed.status == 0 && !listed.stdout.hasPrefix("At "), "\(listed)")
        #expect(listed.stderr.hasPrefix("Warning: ignoring this device's own file"), "\(listed)")
        #expect(listed.stderr.contains("shop.json.device"), "\(listed)")
        // Changing the list itself goes on.
        #expect(try shop.run(["add", "tea"]).status == 0)
        // Changing what the device file holds is refused: exit 65, naming it, nothing written.
        try shop.expectFailure(["store", "use", "Market"], status: 65, mentioning: "shop.json.device")
        try shop.expectFailure(["timer", "start"], status: 65, mentioning: "remove it to start afresh")
        #expect(try Data(contentsOf: URL(fileURLWithPath: devicePath(shop))) == damage)
    }

    @Test func aDeviceFileThatIsALinkIsRefusedWithExit74() throws {
        let shop = try sandbox()
        defer { shop.remove() }
        let target = shop.folder.appendingPathComponent("elsewhere").path
        try FileManager.default.createSymbolicLink(atPath: devicePath(shop), withDestinationPath: target)
        try shop.expectFailure(["store", "use", "Market"], status: 74, mentioning: "symbolic link")
        try shop.expectFailure(["list"], status: 74, mentioning: "shop.json.device")
        #expect(!FileManager.default.fileExists(atPath: target))
    }

    @Test func storesJSONMarksTheDevicesStoreAndNoneAfterItIsRemoved() throws {
        let shop = try sandbox()
        defer { shop.remove() }
        try shop.run(["store", "add", "Corner"])
        try shop.run(["store", "use", "Corner"])
        let stores = try #require(
            try JSONSerialization.jsonObject(with: Data(shop.run(["stores", "--json"]).stdout.utf8)) as? [[String: Any]]
        )
        #expect(stores.map { $0["isCurrent"] as? Bool } == [true, false])
        // --store and SHOP_STORE change where a command works, never which store is the device's.
        let overridden = try shop.run(["--store", "Market", "stores", "--json"], environment: ["SHOP_STORE": "Market"])
        #expect(overridden.stdout.components(separatedBy: "\"isCurrent\" : true").count == 2)
        #expect(
            overridden.stdout.range(of: "\"isCurrent\" : true")!.lowerBound
                < overridden.stdout.range(of: "Market")!.lowerBound)
        try shop.run(["store", "remove", "Corner"])
        #expect(try !shop.run(["stores", "--json"]).stdout.contains("\"isCurrent\" : true"))
        let device = try String(contentsOfFile: devicePath(shop), encoding: .utf8)
        #expect(!device.contains("currentStoreId"))
    }

    @Test func importAndSampleLeaveTheDevicesChoicesAlone() throws {
        let shop = try sandbox()
        defer { shop.remove() }
        try shop.run(["store", "use", "Market"])
        try shop.run(["timer", "start"])
        let export = shop.folder.appendingPathComponent("export.json")
        try Data(try shop.run(["export"]).stdout.utf8).write(to: export)
        #expect(try shop.run(["import", "--replace", export.path]).status == 0)
        #expect(try shop.run(["timer", "--json"]).stdout.contains("\"running\" : true"))
        #expect(try shop.run(["stores"]).stdout.hasPrefix("* Market"))
        // The sample has no store of that id: the current store is simply none; the timer runs on.
        #expect(try shop.run(["sample", "--force"]).status == 0)
        #expect(try shop.run(["timer", "--json"]).stdout.contains("\"running\" : true"))
        #expect(try !shop.run(["stores"]).stdout.contains("* "))
    }
}

/// SPEC 14: `store use` and `timer` are undoable steps (SPEC 7), though the device file holds what they
/// change; undo puts the device file back as it was (none at all, when there was none), redo again.
@Suite struct DeviceStepsUndoEndToEndTests {
    @Test func storeUseAndTimerAreUndoneAndRedone() throws {
        let shop = try ShopProcess()
        defer { shop.remove() }
        let device = URL(fileURLWithPath: shop.dataFile.path + ".device")
        try shop.ok(["store", "add", "Aldi"])
        try shop.ok(["store", "add", "Market"])
        #expect(!FileManager.default.fileExists(atPath: device.path))
        try shop.ok(["store", "use", "Aldi"])
        let aldi = try Data(contentsOf: device)
        try shop.ok(["store", "use", "Market"])
        #expect(try shop.ok(["undo", "--list"]).stdout.hasPrefix("1  store use Market\n2  store use Aldi\n"))
        // The case: undo takes back the choice, never the store added before it.
        #expect(try shop.ok(["undo"]).stderr == "Undid: store use Market\n")
        #expect(try Data(contentsOf: device) == aldi)
        #expect(try shop.ok(["stores"]).stdout.hasPrefix("* Aldi"))
        #expect(try shop.ok(["undo"]).stderr == "Undid: store use Aldi\n")
        #expect(!FileManager.default.fileExists(atPath: device.path), "no device file before the first choice")
        #expect(try shop.ok(["stores"]).stdout.contains("Aldi") && !shop.ok(["stores"]).stdout.contains("* "))
        #expect(try shop.ok(["redo"]).stderr == "Redid: store use Aldi\n")
        #expect(try Data(contentsOf: device) == aldi)

        try shop.ok(["timer", "start"])
        #expect(try shop.ok(["timer", "--json"]).stdout.contains("\"running\" : true"))
        #expect(try shop.ok(["undo"]).stderr == "Undid: timer start\n")
        #expect(try shop.ok(["timer", "--json"]).stdout.contains("\"running\" : false"))
        #expect(try shop.ok(["redo"]).stderr == "Redid: timer start\n")
        #expect(try shop.ok(["timer", "--json"]).stdout.contains("\"running\" : true"))
        // A device file changed since the step (here: by hand) is not overwritten by an undo.
        try Data("{\n  \"version\" : 1\n}\n".utf8).write(to: device)
        try shop.expectFailure(["undo"], status: 1, mentioning: "timer start")
    }
}
