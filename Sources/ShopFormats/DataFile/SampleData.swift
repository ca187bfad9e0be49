import ShopJSON
import ShopModel

/// The sample data set of the repository's `SampleData/` folder (`shop.json` and its purchase log
/// `shop.json.purchases`), compiled into the library so that `shop sample` works from any installed binary.
public enum SampleData {
    /// The sample list, decoded from the embedded file. Its purchase log is not read (`shop demo` shows
    /// the list alone); ``purchases()`` reads it.
    /// - Throws: only if the embedded file is broken, which a test rules out.
    public static func load() throws(ShopError) -> ShoppingList {
        try DataFileStore.decode(PackageResources.shop_json, path: "SampleData/shop.json").list
    }

    /// The sample's purchases (sixteen weeks at its three stores, at the fixed dates of the file), oldest first.
    /// - Throws: only if the embedded log is broken, which a test rules out.
    public static func purchases() throws(ShopError) -> [Purchase] {
        try PurchaseLogFile.decode(PackageResources.shop_json_purchases, path: "SampleData/shop.json.purchases")
    }

    /// The sample's stock entries (SPEC section 18: a few weeks of what was used of its stocked items).
    public static func stockEntries() throws(ShopError) -> [StockEntry] {
        PurchaseLogFile.liveStock(
            try PurchaseLogFile.contents(PackageResources.shop_json_purchases, path: "SampleData/shop.json.purchases"))
    }

    /// The sample as of `now` (SPEC 23: `shop sample`, `shop demo`): every date of the embedded files moved by whole
    /// days so that the sample's last purchase is the day before `now` (local time). What the sample shows relative to
    /// today (lots due, "restock --suggest", weeks of spending) is then the same on any day, as the README shows it.
    /// - Throws: only if the embedded files are broken, which a test rules out.
    public static func dated(for now: Date, calendar: LocalCalendar = .current) throws(ShopError) -> (
        list: ShoppingList, purchases: [Purchase], stock: [StockEntry]
    ) {
        let days = try shift(for: now, calendar: calendar)
        let data = moving(PackageResources.shop_json, byDays: days)
        let log = moving(PackageResources.shop_json_purchases, byDays: days)
        let contents = try PurchaseLogFile.contents(log, path: "SampleData/shop.json.purchases")
        return (
            try DataFileStore.decode(data, path: "SampleData/shop.json").list, PurchaseLogFile.live(contents),
            PurchaseLogFile.liveStock(contents)
        )
    }

    /// The whole days the sample's dates move for `now`: from the day of its last purchase to the day before `now`.
    static func shift(for now: Date, calendar: LocalCalendar) throws(ShopError) -> Int {
        let last = try purchases().lazy.map(\.date).max() ?? now
        return calendar.dayNumber(of: now) - 1 - calendar.dayNumber(of: last)
    }

    /// `bytes` with every date `YYYY-MM-DD` in it (alone, or the start of a date-time) moved by `days`. The sample's
    /// files hold no other text of that shape (ids are hexadecimal groups of 8-4-4-4-12, prices have one dot).
    static func moving(_ bytes: [UInt8], byDays days: Int) -> [UInt8] {
        guard days != 0 else { return bytes }
        var result = bytes
        func digit(_ index: Int) -> Int? {
            let value = Int(bytes[index]) - Int(UInt8(ascii: "0"))
            return (0...9).contains(value) ? value : nil
        }
        func number(_ start: Int, _ count: Int) -> Int? {
            var value = 0
            for index in start..<start + count {
                guard let next = digit(index) else { return nil }
                value = value * 10 + next
            }
            return value
        }
        var index = 0
        while index + 10 <= bytes.count {
            let before = index > 0 ? bytes[index - 1] : UInt8(ascii: " ")
            let startsWord = !(before.isASCIIAlphanumeric || before == UInt8(ascii: "-"))
            if startsWord, bytes[index + 4] == UInt8(ascii: "-"), bytes[index + 7] == UInt8(ascii: "-"),
                index + 10 == bytes.count || !bytes[index + 10].isASCIIDigit,
                let year = number(index, 4), let month = number(index + 5, 2), let day = number(index + 8, 2)
            {
                let moved = TimestampText.days(fromYear: year, month: month, day: day) + days
                let civil = TimestampText.civil(fromDays: moved)
                result.withUnsafeMutableBufferPointer { text in
                    TimestampText.writeDay(
                        year: civil.year, month: civil.month, day: civil.day, to: text.baseAddress! + index)
                }
                index += 10
            } else {
                index += 1
            }
        }
        return result
    }

    /// Makes `workspace` the sample (`shop sample`): its items, locations and stores replace the list's, and the
    /// purchase log (which must be loaded) gains the sample's purchases it does not hold yet, by
    /// id, so loading the sample again logs nothing twice. What the log held stays: only `unbuy` deletes a
    /// purchase.
    /// - Parameters:
    ///   - sample: ``load()``'s list, and `purchases` ``purchases()``: decoded once by the caller, since a
    ///     change to a data file that does not exist yet runs twice (see ``DataFileStore/updateWorkspace(loadingLog:loadingLogWhen:_:beforeWrite:describe:afterWrite:)``).
    public static func install(
        _ sample: ShoppingList, purchases: [Purchase], stock: [StockEntry] = [], into workspace: inout Workspace
    ) {
        var log = workspace.log
        let known = Set(log.purchases.map(\.id))
        for purchase in purchases where !known.contains(purchase.id) { log.add(purchase) }
        let knownEntries = Set(log.stockEntries.map(\.id))
        for entry in stock where !knownEntries.contains(entry.id) { log.add(entry) }
        workspace.list = sample
        workspace.log = log
        // The last price at each store comes from the log (SPEC 12), as every `buy` keeps it; the sample's
        // file is written without them, so a first merge between two devices does not find them all new.
        workspace.list.recomputeStorePrices(from: log)
    }
}

extension UInt8 {
    fileprivate var isASCIIDigit: Bool { (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(self) }
    fileprivate var isASCIIAlphanumeric: Bool {
        isASCIIDigit || (UInt8(ascii: "a")...UInt8(ascii: "z")).contains(self | 0x20)
    }
}
