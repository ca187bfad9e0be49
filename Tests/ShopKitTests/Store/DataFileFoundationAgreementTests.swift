import Foundation
import Testing

@testable import ShopKit

/// The data file mirrored as Codable structs, so Foundation's encoder and decoder can be the oracle.
struct MirrorFile: Codable, Equatable {
    struct Item: Codable, Equatable {
        var dateLastPurchased: Date?
        var every: Int?
        var id: UUID
        var isAvailable: Bool
        var locationId: UUID
        var modifiedAt: Date?
        var name: String
        var note: String?
        var onList: Bool
        var price: Decimal?
        var quantity: Int
        var starred: Bool
    }
    struct Location: Codable, Equatable {
        var color: String
        var id: UUID
        var isUnknown: Bool
        var modifiedAt: Date?
        var name: String
        var visitationOrder: Int
    }
    struct Store: Codable, Equatable {
        var id: UUID
        var locationIds: [UUID]
        var modifiedAt: Date?
        var name: String
    }
    struct Timer: Codable, Equatable {
        var accumulatedSeconds: Int
        var modifiedAt: Date?
        var startedAt: Date?
    }
    var currentStoreId: UUID?
    var items: [Item]
    var locations: [Location]
    /// Optional so that version 1 files (which have none) decode too.
    var stores: [Store]?
    var timer: Timer
    var version: Int

    init(_ list: ShoppingList) {
        items = list.nameOrder(list.items).map { item in
            Item(
                dateLastPurchased: item.dateLastPurchased, every: item.every, id: item.id.uuid,
                isAvailable: item.isAvailable, locationId: item.locationID.uuid, modifiedAt: item.modifiedAt,
                name: item.name, note: item.note,
                onList: item.onList, price: item.price.map { Decimal($0.cents) / 100 }, quantity: item.quantity,
                starred: item.starred)
        }
        locations = list.locationsInVisitationOrder.map { location in
            Location(
                color: location.color.hex, id: location.id.uuid, isUnknown: location.isUnknown,
                modifiedAt: location.modifiedAt, name: location.name, visitationOrder: location.visitationOrder)
        }
        stores = list.storesInNameOrder.map { store in
            Store(
                id: store.id.uuid, locationIds: store.locationIDs.map(\.uuid), modifiedAt: store.modifiedAt,
                name: store.name)
        }
        currentStoreId = list.currentStoreID?.uuid
        timer = Timer(
            accumulatedSeconds: list.timer.accumulatedSeconds, modifiedAt: list.timer.modifiedAt,
            startedAt: list.timer.startedAt)
        version = 3
    }

    static func encoder() -> JSONEncoder {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]
        encoder.dateEncodingStrategy = .iso8601
        return encoder
    }

    static func decoder() -> JSONDecoder {
        let decoder = JSONDecoder()
        decoder.dateDecodingStrategy = .iso8601
        return decoder
    }
}

@Suite struct DataFileFoundationAgreementTests {
    @Test func writerMatchesJSONEncoderByteForByte() throws {
        let list = try richList()
        let ours = DataFileCodec.encode(list)
        var theirs = [UInt8](try MirrorFile.encoder().encode(MirrorFile(list)))
        theirs.append(0x0A)
        #expect(String(decoding: ours, as: UTF8.self) == String(decoding: theirs, as: UTF8.self))
    }

    @Test func emptyListMatches() throws {
        let list = ShoppingList()
        var theirs = [UInt8](try MirrorFile.encoder().encode(MirrorFile(list)))
        theirs.append(0x0A)
        #expect(String(decoding: DataFileCodec.encode(list), as: UTF8.self) == String(decoding: theirs, as: UTF8.self))
    }

    @Test func randomNamesMatch() throws {
        var generator = SeededGenerator(seed: 7)
        for round in 0..<50 {
            var items: [ShopKit.Item] = []
            let unknown = ShopKit.Location.makeUnknown()
            for index in 0..<5 {
                let name = "\(round)-\(index)" + randomText(using: &generator) + "x"
                items.append(
                    ShopKit.Item(
                        name: name, locationID: unknown.id,
                        price: Price(cents: Int.random(in: 0...100_000, using: &generator)),
                        note: Bool.random(using: &generator) ? randomText(using: &generator) : nil))
            }
            let list = try ShoppingList(items: items, locations: [unknown])
            var theirs = [UInt8](try MirrorFile.encoder().encode(MirrorFile(list)))
            theirs.append(0x0A)
            #expect(DataFileCodec.encode(list) == theirs)
            // And Foundation reads ours back to the same data.
            let decoded = try MirrorFile.decoder().decode(MirrorFile.self, from: Data(DataFileCodec.encode(list)))
            #expect(decoded == MirrorFile(list))
        }
    }

    @Test func roundTripsEveryField() throws {
        let list = try richList()
        let decoded = try DataFileCodec.decode(DataFileCodec.encode(list), path: "/x")
        #expect(decoded == list)
    }

    @Test func jsonValueWriterMatchesJSONSerialization() throws {
        let text = #"{"b":[1,2.5,{"z":null,"a":"q\"\\/\u0001\n é😀"}],"a":{},"c":[],"d":true}"#
        let value = try JSONValue.parse(text)
        var writer = JSONWriter()
        writer.value(value)
        let object = try JSONSerialization.jsonObject(with: Data(text.utf8))
        let theirs = try JSONSerialization.data(
            withJSONObject: object, options: [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes])
        #expect(writer.text == String(decoding: theirs, as: UTF8.self))
    }
}

/// Random text with the characters JSON escaping must handle.
func randomText(using generator: inout SeededGenerator) -> String {
    let pieces = [
        "a", "Z", " ", "\"", "\\", "/", "\n", "\t", "\r", "\u{08}", "\u{0C}", "\u{01}", "\u{1F}", "\u{7F}",
        "é", "ß", "😀", "👩‍👩‍👧", "中", "\u{2028}", "\u{FEFF}", "{", "}", "[", ":", ",",
    ]
    var text = ""
    for _ in 0..<Int.random(in: 0...8, using: &generator) { text += pieces.randomElement(using: &generator)! }
    return text
}
