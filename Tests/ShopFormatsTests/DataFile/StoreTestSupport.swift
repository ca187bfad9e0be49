import Foundation
import ShopFormats
import ShopHistory
import ShopModel
import Testing

/// A list using every field, nil and non-nil, with awkward names.
package func richList() throws -> ShoppingList {
    let dairy = Location(name: "Dairy \"cold\"", visitationOrder: 10, color: RGBA(red: 1, green: 2, blue: 3, alpha: 4))
    let bakery = Location(name: "Bäckerei 🥖", visitationOrder: 10)
    let unknown = Location.makeUnknown()
    let items = [
        Item(
            name: "milk", quantity: 2, onList: false, isAvailable: false,
            dateLastPurchased: Date(timeIntervalSince1970: 1_795_600_800), locationID: dairy.id,
            price: Price(cents: 249), starred: true, note: "the \"blue\" one\\\nsecond line\t/slash", restock: .days(7),
            modifiedAt: FieldStamps([
                "quantity": Date(timeIntervalSince1970: 1_795_600_900.123),
                "note": Date(timeIntervalSince1970: 1_795_600_000),
            ])),
        Item(name: "Bread", locationID: bakery.id, price: Price(cents: 300)),
        Item(name: "eggs", quantity: 12, locationID: unknown.id, price: Price(cents: 250), note: ""),
        Item(name: "ctrl\u{01}\u{1f}\u{7f}", dateLastPurchased: Date(timeIntervalSince1970: 0), locationID: unknown.id),
    ]
    var stamped = dairy
    stamped.modifiedAt = FieldStamps(["color": Date(timeIntervalSince1970: 1_795_600_000.5)])
    let market = Store(name: "Market \"Saturday\"", locationIDs: [bakery.id, dairy.id])
    let corner = Store(
        name: "corner", locationIDs: [],
        modifiedAt: FieldStamps(["locationIds": Date(timeIntervalSince1970: 1_795_000_000)]))
    return try ShoppingList(
        items: items, locations: [stamped, bakery, unknown], stores: [market, corner])
}
