import Foundation
import ShopHistory
import ShopJSON
import ShopModelTests
import ShopTestSupport
import Testing

@testable import ShopFormats
@testable import ShopModel

/// A record's `modifiedAt` as Foundation reads it: one date (version 2) or a map from field name to stamp
/// text (version 3).
enum MirrorStamps: Codable, Equatable {
    case single(Date)
    case map([String: String])

    init(from decoder: Decoder) throws {
        let container = try decoder.singleValueContainer()
        if let map = try? container.decode([String: String].self) {
            self = .map(map)
        } else {
            self = .single(try container.decode(Date.self))
        }
    }

    func encode(to encoder: Encoder) throws {
        var container = encoder.singleValueContainer()
        switch self {
        case .single(let date): try container.encode(date)
        case .map(let map): try container.encode(map)
        }
    }

    /// Ours' stamps as version 3 writes them; `nil` when there are none (the key is left out).
    static func of(_ stamps: FieldStamps) -> MirrorStamps? {
        guard !stamps.isEmpty else { return nil }
        return .map(
            Dictionary(uniqueKeysWithValues: stamps.entries.map { ($0.field, TimestampText.stampString($0.at)) }))
    }

    /// A version 2 date read as that stamp on every field, as the decoder reads it.
    /// An empty map is no stamps, as the key left out.
    func expanded(fields: [String]) -> MirrorStamps? {
        if case .map(let map) = self, map.isEmpty { return nil }
        guard case .single(let date) = self else { return self }
        return .map(Dictionary(uniqueKeysWithValues: fields.map { ($0, TimestampText.stampString(date)) }))
    }
}

/// The data file mirrored as Codable structs, so Foundation's encoder and decoder can be the oracle.
struct MirrorFile: Codable, Equatable {
    struct Item: Codable, Equatable {
        var dateLastPurchased: Date?
        var every: Int?
        var id: UUID
        var isAvailable: Bool
        var locationId: UUID
        var modifiedAt: MirrorStamps?
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
        var modifiedAt: MirrorStamps?
        var name: String
        var visitationOrder: Int
    }
    struct Store: Codable, Equatable {
        var id: UUID
        var locationIds: [UUID]
        var modifiedAt: MirrorStamps?
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
    /// Versions 1 and 2 only: version 3 keeps the timer in the device file.
    var timer: Timer?
    var version: Int

    init(_ list: ShoppingList) {
        items = list.nameOrder(list.items).map { item in
            Item(
                dateLastPurchased: item.dateLastPurchased, every: item.restock?.days, id: item.id.uuid,
                isAvailable: item.isAvailable, locationId: item.locationID.uuid, modifiedAt: .of(item.modifiedAt),
                name: item.name, note: item.note,
                onList: item.onList, price: item.price.map { Decimal($0.cents) / 100 },
                quantity: item.quantity.wholeCount ?? 1,
                starred: item.starred)
        }
        locations = list.locationsInVisitationOrder.map { location in
            Location(
                color: location.color.hex, id: location.id.uuid, isUnknown: location.isUnknown,
                modifiedAt: .of(location.modifiedAt), name: location.name, visitationOrder: location.visitationOrder)
        }
        stores = list.storesInNameOrder.map { store in
            Store(
                id: store.id.uuid, locationIds: store.locationIDs.map(\.uuid), modifiedAt: .of(store.modifiedAt),
                name: store.name)
        }
        // Version 3: the current store and the timer are the device's (SPEC section 8.3).
        currentStoreId = nil
        timer = nil
        version = 12
    }

    static func encoder() -> JSONEncoder {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]
        encoder.dateEncodingStrategy = .iso8601
        return encoder
    }

    /// Version 2 stamps read as version 3 holds them: the one date on every field of the record (as `ours`
    /// decoded it) that holds a value someone set.
    func expandingStamps(as ours: ShoppingList) -> MirrorFile {
        func fields<Record: Stamped>(_ record: Record?) -> [String] {
            guard let record else { return [] }
            return Record.stampedFields.filter { $0.isSet(record) }.map(\.name)
        }
        var file = self
        for index in file.items.indices {
            let record = ours.item(ShopModel.Item.ID(file.items[index].id))
            file.items[index].modifiedAt = file.items[index].modifiedAt.flatMap { $0.expanded(fields: fields(record)) }
        }
        for index in file.locations.indices {
            let record = ours.location(ShopModel.Location.ID(file.locations[index].id))
            file.locations[index].modifiedAt = file.locations[index].modifiedAt.flatMap {
                $0.expanded(fields: fields(record))
            }
        }
        for index in (file.stores ?? []).indices {
            let record = ours.store(ShopModel.Store.ID(file.stores![index].id))
            file.stores![index].modifiedAt = file.stores![index].modifiedAt.flatMap {
                $0.expanded(fields: fields(record))
            }
        }
        return file
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
            var items: [ShopModel.Item] = []
            let unknown = ShopModel.Location.makeUnknown()
            for index in 0..<5 {
                let name = "\(round)-\(index)" + randomText(using: &generator) + "x"
                items.append(
                    ShopModel.Item(
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
        let decoded = try DataFileCodec.decodeContents(consuming: DataFileCodec.encode(list), path: "/x")
        // The current store and the timer are the device's: never in the data file (SPEC section 8.3).
        #expect(decoded.legacyDevice == DeviceState())
        #expect(decoded.list == list)
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
