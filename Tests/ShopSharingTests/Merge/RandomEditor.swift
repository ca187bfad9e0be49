import Foundation
import ShopFormats
import ShopHistory
import ShopModel
import ShopModelTests
import ShopSharing
import ShopTestSupport

/// Random edits through the list's own operations, so every list it makes is one `shop` could save.
///
/// Choices come from a seeded generator and pick records in name order, never by id (ids are random), so a
/// seed replays the same edits. Names come from small pools so that two sides often pick the same name.
package struct RandomEditor {
    package var generator: SeededGenerator

    package static let itemNames = [
        "Milk", "milk", "Eggs", "Bread", "Tea", "Rice", "Soap", "Jam", "Oats", "Figs", "Kale",
    ]
    package static let locationNames = ["Dairy", "Produce", "Bakery", "Deli", "Frozen", "Aisle 9", "Misc"]
    package static let storeNames = ["Corner", "Market", "Depot"]

    package init(seed: UInt64) {
        generator = SeededGenerator(seed: seed)
    }

    /// Up to three saves of up to six edits each, stamped an hour apart from `start`.
    package mutating func sessions(from list: ShoppingList, start: Date) -> ShoppingList {
        var list = list
        for session in 0..<int(1...3) {
            let now = start.addingTimeInterval(Double(session) * 3600)
            let before = list
            for _ in 0..<int(0...6) { edit(&list, at: now) }
            list.stampChanges(since: before, at: now)
        }
        return list
    }

    /// One random operation; one the list refuses (a duplicate name, say) leaves it as it was.
    package mutating func edit(_ list: inout ShoppingList, at now: Date) {
        var log = PurchaseLog(isLoaded: false)
        let items = list.nameOrder(list.items)
        let locations = list.locationsInVisitationOrder
        let userLocations = locations.filter { !$0.isUnknown }
        let stores = list.storesInNameOrder
        let item = pick(items)?.id
        switch int(0...17) {
        case 0, 1:
            _ = try? list.add([pick(Self.itemNames)!], applying: ItemChanges(locationID: pick(locations)?.id))
        case 2: if let item { _ = try? list.buy([item], at: now, log: &log) }
        case 3: if let item { _ = try? list.unbuy([item]) }
        case 4: if let item { _ = try? list.edit(item, ItemChanges(quantity: Amount(count: int(1...12)))) }
        case 5:
            guard let item else { return }
            let changes = ItemChanges(
                price: bool() ? .set(Price(cents: int(0...999))!) : .clear, starred: bool(),
                note: bool() ? .set("note \(int(0...3))") : .keep, restock: bool() ? .set(.days(int(1...30))) : .clear)
            _ = try? list.edit(item, changes)
        case 6: if let item { _ = try? list.edit(item, ItemChanges(name: pick(Self.itemNames)!)) }
        case 7: if let item { _ = try? list.edit(item, ItemChanges(locationID: pick(locations)?.id)) }
        case 8: if let item { _ = try? list.remove([item]) }
        case 9: if let item { _ = try? list.setAvailable(bool(), [item]) }
        case 10: _ = try? list.addLocation(named: pick(Self.locationNames)!, order: int(1...100))
        case 11:
            guard let location = pick(locations) else { return }
            _ = try? list.editLocation(
                location.id, name: bool() ? pick(Self.locationNames) : nil, order: bool() ? int(1...100) : nil,
                color: bool() ? RGBA(red: UInt8(int(0...255)), green: 0, blue: 0) : nil)
        case 12: if let location = pick(userLocations) { _ = try? list.removeLocation(location.id) }
        case 13: _ = try? list.addStore(named: pick(Self.storeNames)!, walking: walk(userLocations))
        case 14: if let store = pick(stores) { _ = try? list.orderStore(store.id, walking: walk(userLocations)) }
        case 15: if let store = pick(stores) { _ = try? list.rename(store.id, to: pick(Self.storeNames)!) }
        case 16:
            if bool(), let store = pick(stores) { _ = try? list.removeStore(store.id) }
        default:
            // Once a timer or a current store: a device's own, never in the list (the compiler holds it now).
            break
        }
    }

    package mutating func int(_ range: ClosedRange<Int>) -> Int { Int.random(in: range, using: &generator) }
    package mutating func bool() -> Bool { Bool.random(using: &generator) }
    package mutating func pick<T>(_ values: [T]) -> T? { values.randomElement(using: &generator) }

    /// A random walk: some of the user locations, shuffled.
    package mutating func walk(_ locations: [Location]) -> [Location.ID] {
        locations.filter { _ in bool() }.map(\.id).shuffled(using: &generator)
    }
}
