import ShopJSON

// A purchase's fields, each declared once: its keys, how a log line, an export's element and the `--json`
// object are written, and how they are read. Purchases are never edited, so they have no field table:
// nothing stamps, merges or reports their fields one by one.

/// A purchase: a line of the purchase log (compact, see ``DataFileDecoder/appendCanonicalLogLine(_:to:)``), an
/// element of an export's `purchases`, and `--json` output. `deleted` is a log line of its own (`unbuy`);
/// `unit` is written only in output (files hold the amount's exact text in `quantity`). A stock entry (SPEC
/// section 18, ``StockEntry``) is a line of its own, told by its `stockEntry` key (`use`, `open`, `add`), naming
/// its item by `stockItem`, never `itemId`: a `shop` from before version 7 finds no `itemId` and refuses the
/// line (exit 65) rather than read a use as a purchase.
public enum PurchaseKey: String, DataFileKey {
    case bestBefore, by, date, dateBefore, deleted, id, itemId, lineTotal, list, listId, name, needsBefore, price
    case priceBefore
    case priceExact, priceUnit, quantity, quantityBefore, recipesOnlyBefore, spoiled, stockEntry, stockItem, store,
        storeId, unit
    package static let layout = RecordLayout<Self>(depth: DataFileKeys.recordDepth)
    package static let nameKey: Self? = .name
}

extension JSONWriter {
    /// Writes a purchase with sorted keys. For output (`--json`, `withLineTotal`) every key of SPEC
    /// sections 10 and 12 is present, with `null` for none, `quantity` as the number of the amount's first
    /// part (as shown) and `unit` its symbol; in files (the log, an export) the amount is its exact text,
    /// absent values are left out (a tenth of a large log), and the unbuy bookkeeping (`dateBefore`,
    /// `priceBefore`, and `quantityBefore`, `recipesOnlyBefore`, `needsBefore`: what the list showed) is kept. A priced line always carries its `lineTotal` (`null`: none), so that a line
    /// without one is known to be from before version 5. The list it was bought from (SPEC 22) is `list` and `listId`
    /// in files, both left out for a line that names none; output has `list` alone, the name `listName` gives (the
    /// list's name now), else the one logged, else `null`.
    public mutating func purchase(_ purchase: Purchase, withLineTotal: Bool, listName: String? = nil) {
        beginObject()
        let layout = PurchaseKey.layout
        let output = withLineTotal
        for (position, member) in layout.keys.enumerated() {
            switch member {
            case .bestBefore:
                guard let bestBefore = purchase.bestBefore else { continue }
                key(position, of: layout.members)
                string(bestBefore.description)
            case .spoiled, .stockEntry, .stockItem: continue  // a stock entry's (``stockEntry(_:)``)
            case .by:
                guard output || purchase.by != nil else { continue }
                key(position, of: layout.members)
                if let by = purchase.by { string(by) } else { null() }
            case .date:
                key(position, of: layout.members)
                date(purchase.date)
            case .dateBefore:
                guard !output, let before = purchase.dateBefore else { continue }
                key(position, of: layout.members)
                date(before)
            case .deleted: continue  // a line of its own (``PurchaseLogFile/lines(added:deleted:)``)
            case .id:
                key(position, of: layout.members)
                uuid(purchase.id.uuid)
            case .itemId:
                key(position, of: layout.members)
                // A line is written as it was logged; `--json` says the item the purchase is of now.
                uuid((output ? purchase.itemID : purchase.loggedItemID ?? purchase.itemID).uuid)
            // Prices as digits written in place (`price(_:)`, the same text as `jsonNumber`): making a string
            // of each cost a tenth of `history --json` (26 M instructions for 30,000 purchases).
            case .lineTotal:
                guard output || purchase.price != nil || purchase.lineTotal != nil else { continue }
                key(position, of: layout.members)
                if let total = purchase.lineTotal { price(total) } else { null() }
            case .list:
                let name = output ? listName ?? purchase.listName : purchase.listName
                guard output || name != nil else { continue }
                key(position, of: layout.members)
                if let name { string(name) } else { null() }
            case .listId:
                guard !output, let id = purchase.listID else { continue }
                key(position, of: layout.members)
                uuid(id.uuid)
            case .name:
                key(position, of: layout.members)
                string(purchase.name)
            case .price:
                guard output || purchase.price != nil else { continue }
                key(position, of: layout.members)
                if let price = purchase.price { unitPrice(price) } else { null() }
            case .priceBefore:
                guard !output, let before = purchase.priceBefore else { continue }
                key(position, of: layout.members)
                string(before.text)
            case .priceExact:
                // Version 8: the exact price a total paid gave (`"97/600"` beside `0.1617`), kept in files;
                // `--json` shows the price to four fraction digits (SPEC 12).
                guard !output, let fraction = purchase.price?.fractionText else { continue }
                key(position, of: layout.members)
                string(fraction)
            case .needsBefore:
                guard !output, let needs = purchase.listedBefore?.needTexts, !needs.isEmpty else { continue }
                key(position, of: layout.members)
                beginArray()
                for need in needs { string(need) }
                endArray()
            case .quantityBefore:
                guard !output, let before = purchase.listedBefore else { continue }
                key(position, of: layout.members)
                string(before.quantity.exactText)
            case .recipesOnlyBefore:
                guard !output, purchase.listedBefore?.recipesOnly == true else { continue }
                key(position, of: layout.members)
                bool(true)
            case .priceUnit:
                let symbol = purchase.priceUnit.priceUnitSymbol
                guard output || symbol != nil else { continue }
                key(position, of: layout.members)
                if let symbol { string(symbol) } else { null() }
            case .quantity:
                key(position, of: layout.members)
                if let count = purchase.amount.wholeCount {
                    int(count)
                } else if output {
                    number(raw: Amount.shownNumber(of: purchase.amount.parts[0]).text())
                } else {
                    string(purchase.amount.exactText)
                }
            case .store:
                guard output || purchase.store != nil else { continue }
                key(position, of: layout.members)
                if let store = purchase.store { string(store) } else { null() }
            case .storeId:
                guard output || purchase.storeID != nil else { continue }
                key(position, of: layout.members)
                if let id = purchase.storeID { uuid(id.uuid) } else { null() }
            case .unit:
                guard output else { continue }
                key(position, of: layout.members)
                if let first = purchase.amount.parts.first, !first.unit.isCount {
                    string(first.shown.unit.symbol)
                } else {
                    null()
                }
            }
        }
        endObject()
    }
}
