import Foundation
import ShopJSON
import ShopModel
import ShopTestSupport
import Testing

extension ShoppingList {
    /// A small list: Dairy (10), Produce (5), Bakery (20) and the Unknown Location.
    package static func fixture() throws -> ShoppingList {
        var list = ShoppingList()
        let dairy = try list.addLocation(named: "Dairy", order: 10)
        let produce = try list.addLocation(named: "Produce", order: 5)
        _ = try list.addLocation(named: "Bakery", order: 20)
        _ = try list.add(["Milk", "Yogurt"], applying: ItemChanges(locationID: dairy.id))
        _ = try list.add(["apples", "Bananas"], applying: ItemChanges(locationID: produce.id))
        _ = try list.add(["Batteries"])
        return list
    }

    package func id(_ name: String) -> Item.ID { item(named: name)!.id }
    package func names(_ items: [Item]) -> [String] { items.map(\.name) }
}

/// Expects `body` to throw exactly `expected`. Unlike `#expect(throws:)`, the body may mutate captured values.
package func expectError(
    _ expected: ShopError, sourceLocation: SourceLocation = #_sourceLocation, _ body: () throws -> Void
) {
    do {
        try body()
        Issue.record("expected \(expected), nothing was thrown", sourceLocation: sourceLocation)
    } catch {
        #expect(error as? ShopError == expected, sourceLocation: sourceLocation)
    }
}

extension Identifier {
    /// A seeded identifier, so replays and property tests repeat exactly.
    package static func random(using generator: inout SeededGenerator) -> Identifier {
        var bytes = (
            UInt8(0), UInt8(0), UInt8(0), UInt8(0), UInt8(0), UInt8(0), UInt8(0), UInt8(0),
            UInt8(0), UInt8(0), UInt8(0), UInt8(0), UInt8(0), UInt8(0), UInt8(0), UInt8(0)
        )
        withUnsafeMutableBytes(of: &bytes) { raw in
            for index in raw.indices { raw[index] = UInt8.random(in: 0...255, using: &generator) }
        }
        return Identifier(UUID(uuid: bytes))
    }
}
