import ShopHistory
import Testing

@testable import ShopFormats
@testable import ShopModel

/// Merging an import into the list (``ShoppingList/merge(_:replacing:)``): by name, keeping what the format lacks.
@Suite struct ImportMergeTests {
    @Test func updatesByNameKeepingFieldsTheFormatLacks() throws {
        var log = PurchaseLog()
        var list = ShoppingList()
        _ = try list.addLocation(named: "Dairy", order: 10)
        let dairy = try #require(list.location(named: "dairy"))
        list.insert(
            Item(name: "Milk", quantity: 1, onList: false, locationID: dairy.id, price: Price(cents: 249), note: "oat"))
        let incoming = try shoppingList14Batch(
            items:
                #"[{"name": "MILK", "quantity": 3, "onList": true, "isAvailable": true, "locationName": "Dairy"}, {"name": "milk", "quantity": 9}]"#,
            locations: #"[{"name": "dairy", "visitationOrder": 0, "red": 1, "green": 1, "blue": 1, "opacity": 1}]"#)
        let summary = list.merge(incoming, log: &log)
        #expect(summary.items == ImportSummary.Counts(added: 0, updated: 1, unchanged: 0, merged: 1))
        #expect(summary.locations.updated == 1)
        let milk = try #require(list.item(named: "milk"))
        #expect(
            milk.name == "MILK" && milk.quantity == 3 && milk.onList && milk.price?.cents == 249 && milk.note == "oat")
        #expect(list.location(named: "dairy")?.visitationOrder == 1)
        #expect(list.itemCount == 1)
        // The same batch again changes nothing.
        let before = list
        #expect(list.merge(incoming, log: &log).items.unchanged == 1)
        #expect(list == before)
    }

    /// An incoming item whose id the list already holds under another name comes in under a new id with
    /// every field, its price's unit and pack size too (they were once dropped).
    @Test func anItemGivenANewIDKeepsEveryField() throws {
        var log = PurchaseLog()
        var list = ShoppingList()
        let milk = Item(name: "Milk", locationID: list.unknownLocationID)
        list.insert(milk)
        var cheese = Item(
            id: milk.id, name: "Cheese", locationID: list.unknownLocationID, price: Price(cents: 1199), note: "aged",
            restock: .learned)
        cheese.priceUnit = try #require(MeasureUnit(parsing: "kg"))
        cheese.pack = Amount.Part(quantity: ExactNumber(whole: 250), unit: try #require(MeasureUnit(parsing: "g")))
        var batch = ImportBatch()
        batch.add(ImportBatch.IncomingItem(item: cheese, place: .unknown, full: true))
        #expect(list.merge(batch, log: &log).items.added == 1)
        var imported = try #require(list.item(named: "Cheese"))
        #expect(imported.id != milk.id)
        imported.id = milk.id
        #expect(imported == cheese)
    }
}
