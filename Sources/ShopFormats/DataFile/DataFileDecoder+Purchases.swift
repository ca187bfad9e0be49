import ShopJSON
import ShopModel

/// Reading purchases: the `purchases` array of an export, and the lines of the purchase log file.
extension DataFileDecoder {
    /// One line of the log: a purchase, or the deletion of one (`{"deleted": id}`, written by `unbuy`).
    enum LogEntry {
        case purchase(Purchase)
        case deletion(Purchase.ID)
        case stock(StockEntry)
    }

    /// The `purchases` array of an export, with its stock entries (deletions are not allowed there).
    mutating func purchaseArray() throws(JSONScanFailure) -> ([Purchase], [StockEntry]) {
        if try scanner.peekValue() != UInt8(ascii: "[") {
            if scanner.readNullIfPresent() { return ([], []) }
            throw invalid(FileKey.purchases.rawValue, "must be an array", at: scanner.offset)
        }
        try scanner.beginArray()
        var purchases: [Purchase] = []
        var stock: [StockEntry] = []
        var first = true
        while try scanner.nextElement(first: &first) {
            let start = scanner.offset
            switch try purchaseEntry(number: purchases.count + stock.count + 1) {
            case .purchase(let purchase): purchases.append(purchase)
            case .stock(let entry): stock.append(entry)
            case .deletion:
                throw invalid(FileKey.purchases.rawValue, "must hold purchases, not deletions", at: start)
            }
        }
        return (purchases, stock)
    }
}

extension Purchase {
    /// The line total of a purchase logged before version 5 (no `lineTotal` key): a whole count × its
    /// price per piece, as `history` summed it then; `nil` without a price.
    static func legacyLineTotal(_ amount: Amount, _ price: UnitPrice?) -> Price? {
        guard let price else { return nil }
        let count = amount.wholeCount ?? 1
        return Price(sumOfCents: (price.tenThousandths / 100) &* count)
    }
}
