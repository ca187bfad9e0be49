import ShopFormats
import ShopModel
import Testing

@Suite struct DataFilePathTests {
    @Test func explicitPathWins() throws {
        let path = try DataFilePath.resolve(explicit: "/x/a.json", environment: ["SHOP_FILE": "/y", "HOME": "/h"])
        #expect(path == "/x/a.json")
    }

    @Test func shopFileBeforeXDG() throws {
        let path = try DataFilePath.resolve(
            explicit: nil, environment: ["SHOP_FILE": "/y.json", "XDG_DATA_HOME": "/d"])
        #expect(path == "/y.json")
    }

    @Test func xdgDataHome() throws {
        let path = try DataFilePath.resolve(
            explicit: "", environment: ["SHOP_FILE": "", "XDG_DATA_HOME": "/d/", "HOME": "/h"])
        #expect(path == "/d/shop/shop.json")
    }

    @Test func relativeXDGIsIgnored() throws {
        let path = try DataFilePath.resolve(explicit: nil, environment: ["XDG_DATA_HOME": "rel", "HOME": "/h"])
        #expect(path == "/h/.local/share/shop/shop.json")
    }

    @Test func emptyXDGFallsBackToHome() throws {
        let path = try DataFilePath.resolve(explicit: nil, environment: ["XDG_DATA_HOME": "", "HOME": "/home/a"])
        #expect(path == "/home/a/.local/share/shop/shop.json")
    }

    @Test func noHomeIsAClearError() {
        #expect(throws: ShopError.self) { try DataFilePath.resolve(explicit: nil, environment: ["HOME": ""]) }
        do {
            _ = try DataFilePath.resolve(explicit: nil, environment: [:])
        } catch {
            guard case .cannotRead(_, let reason) = error else {
                Issue.record("wrong error \(error)")
                return
            }
            #expect(reason.contains("HOME"))
        }
    }
}
