import Foundation
import Testing

@testable import ShopKit

/// Runs `body` with a fresh temporary folder that is removed afterwards, whatever happens.
func withTemporaryDirectory<R>(_ body: (String) throws -> R) throws -> R {
    let base = FileManager.default.temporaryDirectory.appendingPathComponent("shop-store-tests-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: base, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(at: base) }
    return try body(base.path)
}

/// The permission bits of a path.
func permissions(_ path: String) throws -> Int {
    let attributes = try FileManager.default.attributesOfItem(atPath: path)
    return (attributes[.posixPermissions] as? NSNumber)?.intValue ?? -1
}

func readBytes(_ path: String) throws -> [UInt8] {
    [UInt8](try Data(contentsOf: URL(fileURLWithPath: path)))
}

func writeBytes(_ bytes: [UInt8], _ path: String) throws {
    try Data(bytes).write(to: URL(fileURLWithPath: path))
}

/// A seeded random number generator (SplitMix64), so failures reproduce.
struct SeededGenerator: RandomNumberGenerator {
    var state: UInt64
    init(seed: UInt64) { state = seed }
    mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }
}

/// A list using every field, nil and non-nil, with awkward names.
func richList() throws -> ShoppingList {
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
