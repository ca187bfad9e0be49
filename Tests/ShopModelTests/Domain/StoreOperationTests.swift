import Foundation
import ShopJSON
import ShopModel
import Testing

/// The store rules of SPEC section 7: names, walking orders, removal, the current store.
@Suite struct StoreOperationTests {
    private func locationID(_ list: ShoppingList, _ name: String) -> Location.ID { list.location(named: name)!.id }

    @Test func addStoreKeepsTheWalkInTheOrderGiven() throws {
        var list = try ShoppingList.fixture()
        let store = try list.addStore(
            named: "  Market ", walking: [locationID(list, "Bakery"), locationID(list, "Dairy")])
        #expect(store.name == "Market")
        #expect(list.store(named: "MARKET")?.locationIDs == [locationID(list, "Bakery"), locationID(list, "Dairy")])
    }

    @Test func storeNamesFollowRuleOneAndAreUnique() throws {
        var list = try ShoppingList.fixture()
        _ = try list.addStore(named: "Market", walking: [])
        expectError(.duplicateName("market", kind: .store, existing: "Market")) {
            _ = try list.addStore(named: "market", walking: [])
        }
        expectError(.invalidName("  ", kind: .store, problem: .empty)) {
            _ = try list.addStore(named: "  ", walking: [])
        }
        expectError(.invalidName("a\u{1}b", kind: .store, problem: .controlCharacter)) {
            _ = try list.addStore(named: "a\u{1}b", walking: [])
        }
        let other = try list.addStore(named: "Corner", walking: [])
        expectError(.duplicateName("MARKET", kind: .store, existing: "Market")) {
            _ = try list.rename(other.id, to: "MARKET")
        }
        // Renaming to another case of its own name is fine.
        #expect(try list.rename(other.id, to: "CORNER").name == "CORNER")
        #expect(list.store(named: "corner")?.id == other.id)
    }

    @Test func aWalkNamesEachUserLocationOnce() throws {
        var list = try ShoppingList.fixture()
        let dairy = locationID(list, "Dairy")
        let before = list
        expectError(.locationRepeatedInStore(location: "Dairy", store: "Market")) {
            _ = try list.addStore(named: "Market", walking: [dairy, locationID(list, "Bakery"), dairy])
        }
        expectError(.unknownLocationInStore(location: "Unknown Location", store: "Market")) {
            _ = try list.addStore(named: "Market", walking: [list.unknownLocationID])
        }
        #expect(list == before)
        let store = try list.addStore(named: "Market", walking: [dairy])
        expectError(.locationRepeatedInStore(location: "Dairy", store: "Market")) {
            _ = try list.orderStore(store.id, walking: [dairy, dairy])
        }
        #expect(try list.orderStore(store.id, walking: [locationID(list, "Produce"), dairy]).locationIDs.count == 2)
    }

    @Test func removingALocationTakesItOutOfEveryStore() throws {
        var list = try ShoppingList.fixture()
        let dairy = locationID(list, "Dairy")
        let bakery = locationID(list, "Bakery")
        _ = try list.addStore(named: "A", walking: [dairy, bakery])
        _ = try list.addStore(named: "B", walking: [bakery, dairy])
        _ = try list.removeLocation(dairy)
        #expect(list.store(named: "A")?.locationIDs == [bakery])
        #expect(list.store(named: "B")?.locationIDs == [bakery])
        // And the result still obeys every rule: rebuilding through the checking initializer succeeds.
        _ = try ShoppingList(
            items: Array(list.items), locations: Array(list.locations), stores: Array(list.stores))
    }

    @Test func removingTheCurrentStoreClearsIt() throws {
        var workspace = Workspace(list: try ShoppingList.fixture())
        let store = try workspace.list.addStore(named: "Market", walking: [])
        #expect(try workspace.device.useStore(store.id, in: workspace.list))
        #expect(try !workspace.device.useStore(store.id, in: workspace.list), "using it again changes nothing")
        #expect(workspace.currentStore?.id == store.id)
        _ = try workspace.list.removeStore(store.id)
        #expect(workspace.currentStore == nil)
        #expect(workspace.device.checked(against: workspace.list).currentStoreID == nil)
        #expect(workspace.list.isEmpty == false)
    }

    @Test func resolveStoreByNamePrefixAndID() throws {
        var list = try ShoppingList.fixture()
        let market = try list.addStore(named: "Market", walking: [])
        let mall = try list.addStore(named: "Mall", walking: [])
        #expect(try list.resolveStore("market") == market.id)
        #expect(try list.resolveStore("mar") == market.id)
        #expect(try list.resolveStore("id:" + String(mall.id.hexDigits.prefix(6))) == mall.id)
        expectError(.ambiguous("ma", kind: .store, candidates: ["Mall", "Market"])) { _ = try list.resolveStore("ma") }
        // Unknown: every store is a candidate, for the hint.
        expectError(.notFound("Warehouse", kind: .store, candidates: ["Mall", "Market"])) {
            _ = try list.resolveStore("Warehouse")
        }
    }

    @Test func damagedStoresInAFileAreRefused() throws {
        let list = try ShoppingList.fixture()
        let dairy = list.location(named: "Dairy")!.id
        func build(_ stores: [Store]) throws {
            _ = try ShoppingList(items: Array(list.items), locations: Array(list.locations), stores: stores)
        }
        for (stores, fragment) in [
            ([Store(name: "A", locationIDs: [dairy, dairy])], "twice"),
            ([Store(name: "A", locationIDs: [Location.ID.random()])], "does not exist"),
            ([Store(name: "A", locationIDs: [list.unknownLocationID])], "Unknown Location"),
            ([Store(name: "A"), Store(name: "a")], "same name"),
            ([Store(name: " ")], "empty name"),
        ] {
            do {
                try build(stores)
                Issue.record("accepted \(stores)")
            } catch {
                guard case .corruptFile(_, let detail) = error as? ShopError else {
                    Issue.record("\(error)")
                    continue
                }
                #expect(detail.contains(fragment), "\(detail)")
            }
        }
        // A saved current store that does not exist is simply none.
        let orphan = Workspace(list: list, device: DeviceState(currentStoreID: Store.ID.random()))
        #expect(orphan.device.currentStoreID == nil)
    }
}
