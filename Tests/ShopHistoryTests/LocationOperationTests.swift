import ShopModel
import ShopModelTests
import ShopTestSupport
import Testing

@Suite struct LocationOperationTests {
    @Test func addsWithDefaultOrderAndDistinctColours() throws {
        var list = ShoppingList()
        let deli = try list.addLocation(named: " Deli ")
        let dairy = try list.addLocation(named: "Dairy", order: 3, color: try Validation.color("#102030"))
        #expect(deli.name == "Deli" && deli.visitationOrder == 50 && !deli.isUnknown)
        #expect(dairy.color.hex == "#102030ff")
        let third = try list.addLocation(named: "Bakery")
        #expect(third.color != deli.color)
    }

    @Test func refusesDuplicatesAndBadOrders() throws {
        var list = try ShoppingList.fixture()
        expectError(ShopError.duplicateName("DAIRY", kind: .location, existing: "Dairy")) {
            _ = try list.addLocation(named: "DAIRY")
        }
        expectError(ShopError.duplicateName("unknown location", kind: .location, existing: "Unknown Location")) {
            _ = try list.addLocation(named: "unknown location")
        }
        expectError(ShopError.invalidVisitationOrder(101)) { _ = try list.addLocation(named: "Deli", order: 101) }
        expectError(ShopError.invalidVisitationOrder(0)) { _ = try list.addLocation(named: "Deli", order: 0) }
    }

    @Test func unknownCanBeRenamedAndRecolouredButNotReorderedOrRemoved() throws {
        var list = try ShoppingList.fixture()
        let unknown = list.unknownLocationID
        let renamed = try list.editLocation(unknown, name: "Elsewhere", color: try Validation.color("red"))
        #expect(renamed.name == "Elsewhere" && renamed.isUnknown)
        #expect(list.location(named: "unknown location") == nil)
        expectError(ShopError.cannotReorderUnknownLocation("Elsewhere")) {
            _ = try list.editLocation(unknown, order: 3)
        }
        expectError(ShopError.cannotRemoveUnknownLocation("Elsewhere")) { _ = try list.removeLocation(unknown) }
        #expect(list.locationsInVisitationOrder.last?.id == unknown)
    }

    @Test func editRenamesReordersAndKeepsNamesUnique() throws {
        var list = try ShoppingList.fixture()
        let dairy = try list.resolveLocation("dairy")
        _ = try list.editLocation(dairy, name: "Milk & Eggs", order: 1)
        #expect(list.locationsInVisitationOrder.first?.name == "Milk & Eggs")
        expectError(ShopError.duplicateName("produce", kind: .location, existing: "Produce")) {
            _ = try list.editLocation(dairy, name: "produce")
        }
        expectError(ShopError.invalidVisitationOrder(500)) { _ = try list.editLocation(dairy, order: 500) }
    }

    @Test func removeMovesItemsToUnknown() throws {
        var list = try ShoppingList.fixture()
        let dairy = try list.resolveLocation("Dairy")
        let result = try list.removeLocation(dairy)
        #expect(result.location.name == "Dairy")
        #expect(result.movedItems.count == 2)
        #expect(list.item(named: "Milk")?.locationID == list.unknownLocationID)
        #expect(list.location(dairy) == nil && list.itemCount == 5)
    }

    @Test func countsItemsPerLocation() throws {
        var log = PurchaseLog()
        var list = try ShoppingList.fixture()
        _ = try list.buy([list.id("Milk")], at: Clock.now, log: &log)
        let counts = list.itemCounts()
        let dairy = try list.resolveLocation("Dairy")
        #expect(counts[dairy]?.items == 2 && counts[dairy]?.onList == 1)
    }
}
