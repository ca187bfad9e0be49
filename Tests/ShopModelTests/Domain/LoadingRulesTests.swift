import Foundation
import ShopModel
import Testing

@Suite struct LoadingRulesTests {
    @Test func refusesBrokenRecords() throws {
        let unknown = Location.makeUnknown()
        let dairy = Location(name: "Dairy", visitationOrder: 5)
        func refused(_ items: [Item], _ locations: [Location]) -> Bool {
            do {
                _ = try ShoppingList(items: items, locations: locations)
                return false
            } catch {
                // Refused as a damaged file (exit 65), not as a request.
                if case .corruptFile = error { return true }
                return false
            }
        }
        #expect(refused([], [unknown, Location.makeUnknown()]))
        #expect(refused([], [unknown, dairy, Location(name: "dairy", visitationOrder: 6)]))
        #expect(refused([], [unknown, Location(name: "X", visitationOrder: 0)]))
        #expect(refused([], [unknown, Location(name: "  ", visitationOrder: 5)]))
        #expect(refused([Item(name: "a", locationID: Location.ID.random())], [unknown]))
        #expect(refused([Item(name: "a", locationID: unknown.id), Item(name: "A", locationID: unknown.id)], [unknown]))
        #expect(refused([Item(name: "a", quantity: 0, locationID: unknown.id)], [unknown]))
        #expect(refused([Item(name: "a", locationID: unknown.id, restock: .days(0))], [unknown]))
        let twin = Item(name: "a", locationID: unknown.id)
        #expect(refused([twin, Item(id: twin.id, name: "b", locationID: unknown.id)], [unknown]))
    }

    @Test func createsAMissingUnknownLocationAndTrimsNames() throws {
        let dairy = Location(name: "Dairy ", visitationOrder: 5)
        let list = try ShoppingList(items: [Item(name: " milk", locationID: dairy.id)], locations: [dairy])
        #expect(list.unknownLocation.isUnknown && list.locations.count == 2)
        #expect(list.item(named: "milk")?.name == "milk" && list.location(named: "dairy")?.name == "Dairy")
    }

    @Test func keepsHostileNamesFromAHandEditedFile() throws {
        let unknown = Location.makeUnknown()
        let list = try ShoppingList(items: [Item(name: "evil\u{1b}[2J", locationID: unknown.id)], locations: [unknown])
        #expect(list.itemCount == 1)
    }
}
