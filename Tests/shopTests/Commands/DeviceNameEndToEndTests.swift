import Foundation
import Testing

/// `shop device name [NAME]` (SPEC section 12, "Who"): the host name by default, a name of its own kept in
/// the device file (never in the data file), checked by rule 1.
@Suite struct DeviceNameEndToEndTests {
    private func devicePath(_ shop: ShopProcess) -> String { shop.dataFile.path + ".device" }

    @Test func theHostNameUntilANameIsSetThenTheNameKeptInTheDeviceFile() throws {
        let shop = try ShopProcess()
        defer { shop.remove() }
        let host = ProcessInfo.processInfo.hostName.split(separator: ".").first.map(String.init) ?? ""
        let shown = try shop.ok(["device", "name"])
        #expect(!shown.stdout.isEmpty && shown.stderr.contains("host name"), "\(shown)")
        #expect(host.isEmpty || shown.stdout.hasPrefix(host), "\(shown)")
        // Showing creates nothing.
        #expect(!FileManager.default.fileExists(atPath: devicePath(shop)))

        try shop.ok(["add", "milk"])
        let data = shop.dataBytes()
        let set = try shop.ok(["device", "name", "  kitchen tablet "])
        #expect(set.stderr == "This device is now called kitchen tablet\n", "\(set)")
        #expect(try shop.ok(["device", "name"]).stdout == "kitchen tablet\n")
        let json = try shop.ok(["device", "name", "--json"]).stdout
        #expect(json.contains("\"isSet\" : true") && json.contains("\"name\" : \"kitchen tablet\""), "\(json)")
        // The data file is not the place for it, and setting it is no step of the list's history.
        #expect(shop.dataBytes() == data)
        #expect(
            try String(contentsOfFile: devicePath(shop), encoding: .utf8).contains(
                "\"deviceName\" : \"kitchen tablet\""))
        #expect(try shop.ok(["device", "name", "kitchen tablet"]).stderr.contains("already called"))
        #expect(try shop.ok(["undo"]).stderr == "Undid: add milk\n")
    }

    @Test func theNameAndTheCurrentStoreAndTimerKeepEachOther() throws {
        let shop = try ShopProcess()
        defer { shop.remove() }
        try shop.ok(["store", "add", "Market"])
        try shop.ok(["store", "use", "Market"])
        try shop.ok(["device", "name", "phone"])
        try shop.ok(["timer", "start"])
        #expect(try shop.ok(["device", "name"]).stdout == "phone\n")
        #expect(try shop.ok(["stores"]).stdout.hasPrefix("* Market"))
        try shop.ok(["store", "use", "--none"])
        #expect(try shop.ok(["device", "name"]).stdout == "phone\n")
    }

    @Test func aNameThatBreaksRuleOneIsExitOneAndChangesNothing() throws {
        let shop = try ShopProcess()
        defer { shop.remove() }
        try shop.ok(["device", "name", "laptop"])
        let device = try Data(contentsOf: URL(fileURLWithPath: devicePath(shop)))
        try shop.expectFailure(["device", "name", "  "], status: 1, mentioning: "device name")
        try shop.expectFailure(["device", "name", "tab\there"], status: 1, mentioning: "control character")
        try shop.expectFailure(["device", "name", String(repeating: "x", count: 201)], status: 1, mentioning: "201")
        #expect(try Data(contentsOf: URL(fileURLWithPath: devicePath(shop))) == device)
        // A device file damaged by hand is named and never written over.
        try Data("{ \"deviceName\": \"\", \"version\": 1 }".utf8).write(to: URL(fileURLWithPath: devicePath(shop)))
        try shop.expectFailure(["device", "name", "laptop"], status: 65, mentioning: "shop.json.device")
        #expect(try shop.run(["device", "name"]).stderr.contains("Warning: ignoring this device's own file"))
    }
}
