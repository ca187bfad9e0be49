import Foundation
import ShopKit
import Testing

@testable import shop

/// A small list with fixed dates, for exact expected output.
///
/// Produce (5): Apples ×3 at 0.50, Bananas (unavailable). Dairy (10): Milk ×2 at 1.25, starred;
/// Yogurt, bought 2026-11-20. Bakery (20): Bread, bought 2026-11-01. Unknown Location: Batteries at 5,
/// note "AA, 4-pack", every 30 days.
struct OutputFixture {
    /// 2026-11-22T10:00:00Z
    static let now = Date(timeIntervalSince1970: 1_795_341_600)
    static let day: TimeInterval = 86_400

    var list = ShoppingList()
    /// The purchase log the fixture's two purchases went to.
    var log = PurchaseLog()
    let produce: Location
    let dairy: Location
    let bakery: Location

    init() throws {
        produce = try list.addLocation(named: "Produce", order: 5, color: RGBA(red: 0x43, green: 0xa0, blue: 0x47))
        dairy = try list.addLocation(named: "Dairy", order: 10, color: RGBA(red: 0x1e, green: 0x88, blue: 0xe5))
        bakery = try list.addLocation(named: "Bakery", order: 20, color: RGBA(red: 0x6d, green: 0x4c, blue: 0x41))
        _ = try list.add(
            ["Apples"], applying: ItemChanges(quantity: 3, locationID: produce.id, price: .set(Price(cents: 50)!)))
        _ = try list.add(["Bananas"], applying: ItemChanges(locationID: produce.id))
        _ = try list.add(
            ["Milk"],
            applying: ItemChanges(quantity: 2, locationID: dairy.id, price: .set(Price(cents: 125)!), starred: true))
        _ = try list.add(["Yogurt"], applying: ItemChanges(locationID: dairy.id))
        _ = try list.add(["Bread"], applying: ItemChanges(locationID: bakery.id))
        _ = try list.add(
            ["Batteries"],
            applying: ItemChanges(price: .set(Price(cents: 500)!), note: .set("AA, 4-pack"), restock: .set(.days(30))))
        _ = try list.setAvailable(false, [id("Bananas")])
        _ = try list.buy([id("Yogurt")], at: Self.now.addingTimeInterval(-2 * Self.day), log: &log)
        _ = try list.buy([id("Bread")], at: Self.now.addingTimeInterval(-21 * Self.day), log: &log)
    }

    func id(_ name: String) -> Item.ID { list.item(named: name)!.id }
    func item(_ name: String) -> Item { list.item(named: name)! }
    var onList: [Item] { list.walkingOrder(list.items.filter(\.onList)) }
}

/// Environment-free styles for the tests.
extension TerminalStyle {
    static let truecolor = TerminalStyle(depth: .truecolor)
    static let ansi256 = TerminalStyle(depth: .ansi256)
}

/// Parses JSON text with Foundation, the oracle for validity.
func parseJSON(_ text: String) throws -> Any {
    try JSONSerialization.jsonObject(with: Data(text.utf8), options: [.fragmentsAllowed])
}

/// A list holding names no validation would accept, as a hand-edited data file can.
func hostileList() throws -> ShoppingList {
    let location = Location(name: "Aisle\u{1b}]0;pwned\u{7}", visitationOrder: 1)
    let item = Item(
        name: "evil\u{1b}[2J", quantity: 2, locationID: location.id, price: Price(cents: 100),
        note: "line one\nline two\u{9b}")
    let quote = Item(name: "say \"hi\", then\r\nleave", locationID: location.id, note: "a,b")
    return try ShoppingList(items: [item, quote], locations: [location])
}
