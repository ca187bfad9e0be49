import Foundation
import ShopHistory
import ShopJSON
import ShopModelTests
import ShopTestSupport
import Testing

@testable import ShopFormats
@testable import ShopModel

/// Data file version 3's per-field stamps (SPEC section 8.2) and the device file (section 8.3): what they
/// read, what they refuse, and that neither damage ever overwrites a file.
@Suite struct StampsAndDeviceFileTests {
    private let item =
        #"{"id":"E621E1F8-C36C-495A-93FC-0C247A3E6E5F","name":"milk","locationId":"0F3B3C1E-3C6A-4B8E-9A51-6A1D5E2B7C90""#
    private let location = #"{"id":"0F3B3C1E-3C6A-4B8E-9A51-6A1D5E2B7C90","name":"Dairy"}"#

    private func file(modifiedAt: String, version: Int = 3) -> String {
        #"{"version":\#(version),"locations":[\#(location)],"items":[\#(item),"modifiedAt":\#(modifiedAt)}]}"#
    }

    @Test func aMapOfTimesIsReadPerFieldWithMilliseconds() throws {
        let list = try DataFileCodec.decode(
            Array(
                file(
                    modifiedAt:
                        #"{"quantity":"2026-11-22T10:00:00.123Z","note":"2026-11-22T11:00:00Z","future":"2026-11-22T12:00:00.000Z"}"#
                ).utf8),
            path: "f")
        let stamps = try #require(list.items.first?.modifiedAt)
        #expect(stamps["quantity"] == Date(timeIntervalSince1970: 1_795_341_600.123))
        #expect(stamps["note"] == Date(timeIntervalSince1970: 1_795_345_200))
        // A key that names no field is skipped, like any unknown key.
        #expect(stamps.entries.map(\.field) == ["note", "quantity"])
        let text = String(decoding: DataFileCodec.encode(list), as: UTF8.self)
        #expect(text.contains(#""quantity" : "2026-11-22T10:00:00.123Z""#))
        #expect(text.contains(#""note" : "2026-11-22T11:00:00.000Z""#))
    }

    @Test func aVersionTwoTimeStampsEveryFieldThatHoldsAValue() throws {
        let list = try DataFileCodec.decode(
            Array(file(modifiedAt: #""2026-11-22T10:00:00Z""#, version: 2).utf8), path: "f")
        let stamps = try #require(list.items.first?.modifiedAt)
        // Every field holding a value someone set (here the name and the location); defaults stay unstamped.
        #expect(stamps.entries.map(\.field) == ["locationId", "name"])
        #expect(stamps.entries.allSatisfy { $0.at == Date(timeIntervalSince1970: 1_795_341_600) })
    }

    @Test(arguments: [
        "12", "true", "[]", #""yesterday""#, #"{"quantity":12}"#, #"{"quantity":"soon"}"#, #"{"quantity":null}"#,
        #"{"quantity":"2026-11-22T10:00:00Z","quantity":"2026-11-22T10:00:00Z"}"#, #"{"quantity":{}}"#,
    ])
    func anythingElseIsRefusedAsDamage(modifiedAt: String) throws {
        do {
            _ = try DataFileCodec.decode(Array(file(modifiedAt: modifiedAt).utf8), path: "/data/shop.json")
            Issue.record("accepted modifiedAt \(modifiedAt)")
        } catch {
            guard case .corruptFile(let path, let detail) = error else {
                Issue.record("unexpected \(error)")
                return
            }
            #expect(path == "/data/shop.json")
            #expect(detail.contains("modifiedAt") || detail.contains("duplicate"), "\(detail)")
            #expect(detail.contains("item \"milk\""), "\(detail)")
        }
    }

    @Test func aDamagedModifiedAtLeavesTheFileExactlyAsItWas() throws {
        try withTemporaryDirectory { folder in
            let path = folder + "/shop.json"
            let original = Array(file(modifiedAt: #"{"name":42}"#).utf8)
            try writeBytes(original, path)
            let store = DataFileStore(path: path)
            #expect(throws: ShopError.self) {
                try store.update { (list: inout ShoppingList) throws(ShopError) in _ = try list.add(["tea"]) }
            }
            #expect(try readBytes(path) == original)
        }
    }

    @Test func stampsAreCausalAfterAnEditFromAClockAhead() throws {
        var list = try ShoppingList.fixture()
        let ahead = Date(timeIntervalSince1970: 1_900_000_000)
        list.stampChanges(since: ShoppingList(), at: ahead)
        let read = list
        _ = try list.edit(list.id("Milk"), ItemChanges(quantity: 3))
        // This device's clock is far behind the stamps it has seen: its edit is still later, by 1 ms.
        list.stampChanges(since: read, at: Date(timeIntervalSince1970: 1_700_000_000))
        #expect(
            list.item(named: "Milk")?.modifiedAt["quantity"]
                == FieldStamps.milliseconds(ahead.addingTimeInterval(0.001)))
    }

    // MARK: - The device file

    @Test func theDeviceFileHoldsTheCurrentStoreAndTimerOnly() throws {
        try withTemporaryDirectory { folder in
            let path = folder + "/shop.json"
            let store = DataFileStore(path: path, clock: { Date(timeIntervalSince1970: 1_800_000_000) })
            let market = try store.update { (list: inout ShoppingList) throws(ShopError) in
                try list.addStore(named: "Market", walking: [])
            }
            let data = try readBytes(path)
            try store.updateWorkspace { (workspace: inout Workspace) throws(ShopError) in
                try workspace.device.useStore(market.id, in: workspace.list)
                _ = workspace.device.startTimer(at: Date(timeIntervalSince1970: 1_800_000_100))
            }
            #expect(try readBytes(path) == data)
            let device = String(decoding: try readBytes(path + ".device"), as: UTF8.self)
            #expect(
                device == """
                    {
                      "currentStoreId" : "\(market.id)",
                      "timer" : {
                        "accumulatedSeconds" : 0,
                        "startedAt" : "2027-01-15T08:01:40Z"
                      },
                      "version" : 1
                    }

                    """)
            var info = stat()
            #expect(stat(path + ".device", &info) == 0 && info.st_mode & 0o777 == 0o600)
            let workspace = try store.loadWorkspace()
            #expect(workspace.device.currentStoreID == market.id && workspace.device.timer.isRunning)
        }
    }

    @Test(arguments: ["{bad", #"{"timer":{"accumulatedSeconds":-1},"version":1}"#, #"{"version":2}"#, "{}"])
    func aDamagedDeviceFileIsIgnoredForReadingAndNeverWrittenOver(damage: String) throws {
        try withTemporaryDirectory { folder in
            let path = folder + "/shop.json"
            let store = DataFileStore(path: path)
            let market = try store.update { (list: inout ShoppingList) throws(ShopError) in
                try list.addStore(named: "Market", walking: [])
            }
            try writeBytes(Array(damage.utf8), path + ".device")
            #expect(store.deviceFileProblem() != nil)
            let workspace = try store.loadWorkspace()
            #expect(workspace.device.currentStoreID == nil && !workspace.device.timer.isRunning)
            // Changes to the list itself go on.
            try store.update { (list: inout ShoppingList) throws(ShopError) in _ = try list.add(["tea"]) }
            // A change to what the device file holds is refused, naming it; both files stay as they were.
            let data = try readBytes(path)
            do {
                _ = try store.updateWorkspace { (workspace: inout Workspace) throws(ShopError) in
                    try workspace.device.useStore(market.id, in: workspace.list)
                }
                Issue.record("wrote over a damaged device file")
            } catch let error as ShopError {
                switch error {
                case .corruptFile(let named, _), .newerVersion(let named, _, _): #expect(named == path + ".device")
                default: Issue.record("unexpected \(error)")
                }
            }
            #expect(try readBytes(path + ".device") == Array(damage.utf8))
            #expect(try readBytes(path) == data)
        }
    }

    @Test func aDeviceFileThatIsALinkIsRefused() throws {
        try withTemporaryDirectory { folder in
            let path = folder + "/shop.json"
            let store = DataFileStore(path: path)
            try store.update { (list: inout ShoppingList) throws(ShopError) in _ = try list.add(["tea"]) }
            let elsewhere = folder + "/elsewhere"
            #expect(symlink(elsewhere, path + ".device") == 0)
            #expect(throws: ShopError.self) {
                try store.updateWorkspace { (workspace: inout Workspace) throws(ShopError) in
                    _ = workspace.device.startTimer(at: Date())
                }
            }
            #expect(!FileManager.default.fileExists(atPath: elsewhere))
            do {
                _ = try store.loadWorkspace()
                Issue.record("read through a link")
            } catch let error as ShopError {
                guard case .cannotRead(let named, _) = error else {
                    Issue.record("unexpected \(error)")
                    return
                }
                #expect(named == path + ".device")
            }
        }
    }

    @Test func anOlderFileHandsItsCurrentStoreAndTimerToTheDeviceFileAtTheFirstWrite() throws {
        try withTemporaryDirectory { folder in
            let path = folder + "/shop.json"
            let fixture = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
                .appendingPathComponent("Fixtures/version2/shop.json")
            try writeBytes(try [UInt8](Data(contentsOf: fixture)), path)
            let store = DataFileStore(path: path)
            let before = try store.loadWorkspace()
            #expect(before.currentStore?.name == "Saturday Market" && before.device.timer.isRunning)
            #expect(!FileManager.default.fileExists(atPath: path + ".device"))
            try store.update { (list: inout ShoppingList) throws(ShopError) in _ = try list.add(["saffron"]) }
            let text = String(decoding: try readBytes(path), as: UTF8.self)
            #expect(
                text.contains("\"version\" : 12") && !text.contains("currentStoreId") && !text.contains("\"timer\""))
            let after = try store.loadWorkspace()
            #expect(after.device == before.device)
            #expect(after.list.itemCount == before.list.itemCount + 1)
            // Every record of the old file is there, its single stamp now on each field it set.
            for item in before.list.items { #expect(after.list.item(item.id) == item) }
        }
    }
}
