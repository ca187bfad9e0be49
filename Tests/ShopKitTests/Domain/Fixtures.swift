import Foundation
import Testing

@testable import ShopKit

/// Fixed instants so tests control time.
enum Clock {
    static let day: TimeInterval = 86_400
    /// 2026-11-22T10:00:00Z
    static let now = Date(timeIntervalSince1970: 1_795_341_600)
    static func daysAgo(_ days: Double) -> Date { now.addingTimeInterval(-days * day) }
}

extension ShoppingList {
    /// A small list: Dairy (10), Produce (5), Bakery (20) and the Unknown Location.
    static func fixture() throws -> ShoppingList {
        var list = ShoppingList()
        let dairy = try list.addLocation(named: "Dairy", order: 10)
        let produce = try list.addLocation(named: "Produce", order: 5)
        _ = try list.addLocation(named: "Bakery", order: 20)
        _ = try list.add(["Milk", "Yogurt"], applying: ItemChanges(locationID: dairy.id))
        _ = try list.add(["apples", "Bananas"], applying: ItemChanges(locationID: produce.id))
        _ = try list.add(["Batteries"])
        return list
    }

    func id(_ name: String) -> Item.ID { item(named: name)!.id }
    func names(_ items: [Item]) -> [String] { items.map(\.name) }
}

/// Expects `body` to throw exactly `expected`. Unlike `#expect(throws:)`, the body may mutate captured values.
func expectError(
    _ expected: ShopError, sourceLocation: SourceLocation = #_sourceLocation, _ body: () throws -> Void
) {
    do {
        try body()
        Issue.record("expected \(expected), nothing was thrown", sourceLocation: sourceLocation)
    } catch {
        #expect(error as? ShopError == expected, sourceLocation: sourceLocation)
    }
}
