import ShopJSON

/// The last price paid for an item at one store (SPEC section 12), kept on the item so that `list` at a store needs no
/// read of the purchase log (`unbuy` recomputes it from the log).
public struct StorePrice: Hashable, Sendable {
    public var storeID: Store.ID
    /// The unit price paid as the purchase logged it: four fraction digits (`0.1617`), or the exact ratio of
    /// a total paid (`97/600`, shown as 0.1617); never rounded before it is multiplied (SPEC 17).
    public var price: UnitPrice
    public var unit: MeasureUnit
    /// When it was paid: a later purchase there replaces it, an earlier receipt entered late does not.
    public var date: Date

    public init(storeID: Store.ID, price: UnitPrice, unit: MeasureUnit, date: Date) {
        self.storeID = storeID
        self.price = price
        self.unit = unit
        self.date = date
    }

    /// The data file's text: `"<store id> <price>[/<unit>] <date>"`, then, for a price a total paid gave
    /// (version 8), a space and its exact fraction: `"... 0.1617 2026-11-23T10:00:00Z 97/600"`.
    package var text: String {
        let priced = unit.isCount ? price.description : price.description + "/" + unit.symbol
        let text = storeID.description + " " + priced + " " + TimestampText.string(date)
        return price.fractionText.map { text + " " + $0 } ?? text
    }

    /// Reads ``text``; `nil` when it is not one. Read by its bytes, with no intermediate strings: reading the few
    /// thousand of a 2,000-item list through `split` and `UUID(uuidString:)` cost more than the rest of the file.
    package init?(text: String) {
        var text = text
        // A trailing fraction (version 8) is the exact price the four digits before it round.
        var fraction: Substring?
        if let space = text.utf8.lastIndex(of: UInt8(ascii: " ")), text.utf8[space...].contains(UInt8(ascii: "/")) {
            fraction = text[text.index(after: space)...]
            text = String(text[..<space])
        }
        guard
            let parsed = text.withUTF8({ bytes -> StorePrice? in
                let space = UInt8(ascii: " ")
                let dateLength = TimestampText.length
                guard bytes.count >= 36 + 3 + dateLength, bytes[36] == space,
                    let uuid = UUIDText.parse(UnsafeBufferPointer(rebasing: bytes[0..<36]))
                else { return nil }
                let dateStart = bytes.count - dateLength
                guard bytes[dateStart - 1] == space,
                    let date = TimestampText.parse(UnsafeBufferPointer(rebasing: bytes[dateStart...]))
                else { return nil }
                let priced = bytes[37..<(dateStart - 1)]
                let slash = priced.firstIndex(of: UInt8(ascii: "/")) ?? priced.endIndex
                guard let price = Self.price(priced[..<slash]) else { return nil }
                var unit = MeasureUnit.count
                if slash < priced.endIndex {
                    let symbol = String(decoding: priced[(slash + 1)...], as: UTF8.self)
                    guard let first = symbol.first, first.isLetter else { return nil }
                    unit = MeasureUnit.named[symbol] ?? .word(symbol)
                    guard unit.symbol == symbol else { return nil }
                }
                return StorePrice(storeID: Store.ID(uuid), price: price, unit: unit, date: date)
            })
        else { return nil }
        self = parsed
        if let fraction {
            guard let exact = UnitPrice(fractionText: fraction, rounded: parsed.price) else { return nil }
            price = exact
        }
    }

    /// `2`, `2.5`, `2.49`, `0.1617` as a unit price (four fraction digits since version 7); `nil` for anything else.
    private static func price(_ bytes: Slice<UnsafeBufferPointer<UInt8>>) -> UnitPrice? {
        var units = 0
        var fractionDigits = -1
        for byte in bytes {
            if byte == UInt8(ascii: ".") {
                guard fractionDigits < 0 else { return nil }
                fractionDigits = 0
                continue
            }
            guard (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(byte), units <= UnitPrice.maximum else {
                return nil
            }
            units = units * 10 + Int(byte - UInt8(ascii: "0"))
            if fractionDigits >= 0 { fractionDigits += 1 }
        }
        guard !bytes.isEmpty, fractionDigits <= 4, fractionDigits != 0 else { return nil }
        for _ in 0..<(4 - max(0, fractionDigits)) { units *= 10 }
        return UnitPrice(tenThousandths: units)
    }
}

/// A price and what it is per, merged and stamped as one field (`price`): never a price with another device's unit.
public struct PriceWithUnit: Hashable, Sendable {
    public var price: Price
    public var unit: MeasureUnit
}

extension Item {
    /// ``price`` and ``priceUnit`` as one value.
    public var priceWithUnit: PriceWithUnit? {
        get { price.map { PriceWithUnit(price: $0, unit: priceUnit) } }
        set {
            price = newValue?.price
            priceUnit = newValue?.unit ?? .count
        }
    }

    /// The last price paid at `store`, if the item was bought there with a price.
    public func lastPrice(at store: Store.ID) -> StorePrice? {
        storePrices.first { $0.storeID == store }
    }

    /// Whether the item can be bought at `store` (or anywhere, without one): not unavailable everywhere, nor there.
    public func isAvailable(at store: Store.ID?) -> Bool {
        guard isAvailable else { return false }
        guard let store, !unavailableAt.isEmpty else { return true }
        return !unavailableAt.contains(store)
    }

    /// The item as it is at `store`: priced at the last price paid there, exactly (``priceAtStore``, else its
    /// own price), and available there or not. What `list` and the phone's page show at a store.
    public func atStore(_ store: Store.ID) -> Item {
        var copy = self
        if let last = lastPrice(at: store) {
            copy.price = last.price.rounded
            copy.priceAtStore = last.price
            copy.priceUnit = last.unit
        }
        copy.isAvailable = isAvailable(at: store)
        return copy
    }

    /// Records a price paid at a store, unless a later one is known there.
    package mutating func recordPrice(_ price: UnitPrice, unit: MeasureUnit, at store: Store.ID, on date: Date) {
        if let index = storePrices.firstIndex(where: { $0.storeID == store }) {
            guard storePrices[index].date <= date else { return }
            storePrices[index] = StorePrice(storeID: store, price: price, unit: unit, date: date)
        } else {
            storePrices.append(StorePrice(storeID: store, price: price, unit: unit, date: date))
            storePrices.sort { $0.storeID < $1.storeID }
        }
    }
}

extension ShoppingList {
    /// Whether `item` can be bought at `store` (see ``Item/isAvailable(at:)``).
    public func isAvailable(_ item: Item, at store: Store?) -> Bool {
        item.isAvailable(at: store?.id)
    }

    /// Sets items' last prices per store from the log (after an `unbuy`): the latest purchase with a price at each
    /// store. Items in `only` (all when `nil`). One pass over the log.
    package mutating func recomputeStorePrices(only: Set<Item.ID>? = nil, from log: PurchaseLog) {
        var latest: [Item.ID: [Store.ID: Purchase]] = [:]
        for purchase in log.purchases {
            guard let store = purchase.storeID, purchase.price != nil else { continue }
            if let only, !only.contains(purchase.itemID) { continue }
            if let known = latest[purchase.itemID]?[store], known.date > purchase.date { continue }
            latest[purchase.itemID, default: [:]][store] = purchase
        }
        let ids = only.map(Array.init) ?? items.filter { !$0.storePrices.isEmpty }.map(\.id) + Array(latest.keys)
        for id in Set(ids) {
            guard var item = itemsByID[id] else { continue }
            let prices = (latest[id] ?? [:]).values.map {
                StorePrice(storeID: $0.storeID!, price: $0.price!, unit: $0.priceUnit, date: $0.date)
            }.sorted { $0.storeID < $1.storeID }
            guard prices != item.storePrices else { continue }
            item.storePrices = prices
            itemsByID[id] = item
        }
    }
}

extension ShoppingList {
    /// `unavailable` / `available` with a store in effect (SPEC section 12): out of stock at that store only; found
    /// there again (which also ends an "everywhere" mark). Without a store, as ``setAvailable(_:_:)``.
    public mutating func setAvailable(_ available: Bool, _ ids: [Item.ID], at store: Store.ID?) throws(ShopError)
        -> [ItemOutcome]
    {
        try updateEach(ids) { item in
            switch (available, store) {
            case (false, let store?):
                guard item.isAvailable, !item.unavailableAt.contains(store) else { return }
                item.unavailableAt.append(store)
                item.unavailableAt.sort()
            case (false, nil):
                item.isAvailable = false
            case (true, let store?):
                item.isAvailable = true
                item.unavailableAt.removeAll { $0 == store }
            case (true, nil):
                item.isAvailable = true
                item.unavailableAt = []
            }
        }
    }
}
