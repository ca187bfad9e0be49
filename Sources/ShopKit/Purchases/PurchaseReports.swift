#if canImport(FoundationEssentials)
    import FoundationEssentials
#else
    import Foundation
#endif

/// A local calendar day, as `--since` and `--until` name them: days since 1970-01-01 in local time.
public struct CalendarDay: Hashable, Sendable, Comparable, CustomStringConvertible {
    /// Days since 1970-01-01.
    public let number: Int

    public init(number: Int) {
        self.number = number
    }

    /// Parses `YYYY-MM-DD`; `nil` when the text is not shaped so, or names no real day (`2026-02-30`).
    /// - Returns: `.malformed` for a word, `.invalid` for a date-shaped text that is no day.
    public static func parse(_ text: String) -> Result<CalendarDay, ParseFailure> {
        let bytes = Array(text.utf8)
        guard bytes.count == 10, bytes[4] == UInt8(ascii: "-"), bytes[7] == UInt8(ascii: "-") else {
            return .failure(.malformed)
        }
        func number(_ range: Range<Int>) -> Int? {
            var value = 0
            for byte in bytes[range] {
                guard (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(byte) else { return nil }
                value = value * 10 + Int(byte - UInt8(ascii: "0"))
            }
            return value
        }
        guard let year = number(0..<4), let month = number(5..<7), let day = number(8..<10) else {
            return .failure(.malformed)
        }
        guard (1...12).contains(month), day >= 1 else { return .failure(.invalid) }
        let days = TimestampText.days(fromYear: year, month: month, day: day)
        let check = TimestampText.civil(fromDays: days)
        guard check.year == year, check.month == month, check.day == day else { return .failure(.invalid) }
        return .success(CalendarDay(number: days))
    }

    /// Why a date did not parse.
    public enum ParseFailure: Error, Sendable {
        /// Not shaped like `YYYY-MM-DD` (a usage error).
        case malformed
        /// Shaped like a date, but no such day (a bad value).
        case invalid
    }

    /// `2026-11-22`.
    public var description: String {
        let (year, month, day) = TimestampText.civil(fromDays: number)
        guard (1000...9999).contains(year) else {
            func two(_ value: Int) -> String { value < 10 ? "0\(value)" : "\(value)" }
            return "\(year)-\(two(month))-\(two(day))"
        }
        // Digit by digit into ten bytes: string interpolation cost 1,700 instructions a day, and `history`
        // shows a day per line (3,600 days in ten years of purchases).
        return withUnsafeTemporaryAllocation(of: UInt8.self, capacity: 10) { text in
            TimestampText.writeDay(year: year, month: month, day: day, to: text.baseAddress!)
            return String(decoding: text, as: UTF8.self)
        }
    }

    /// The instant `hour`:00 local time on this day (daylight saving time taken into account).
    public func instant(hour: Int, in calendar: LocalCalendar) -> Date {
        let local = Double(number * 86_400 + hour * 3600)
        var guess = Date(
            timeIntervalSince1970: local - Double(calendar.utcOffsetSeconds(at: Date(timeIntervalSince1970: local))))
        guess = Date(timeIntervalSince1970: local - Double(calendar.utcOffsetSeconds(at: guess)))
        return guess
    }

    public static func < (lhs: CalendarDay, rhs: CalendarDay) -> Bool { lhs.number < rhs.number }
}

/// Which purchases `history` and `spending` look at.
public struct PurchaseFilter: Sendable {
    /// A case-insensitive substring of the name.
    public var search: String?
    /// The first and last local days included.
    public var since: CalendarDay?
    public var until: CalendarDay?
    /// Only purchases at this store (by id, or by name for a store since removed).
    public var store: Store?
    /// Only purchases logged by this device (`history --device`), compared case-insensitively.
    public var device: String?

    public init(search: String? = nil, since: CalendarDay? = nil, until: CalendarDay? = nil, store: Store? = nil) {
        self.search = search
        self.since = since
        self.until = until
        self.store = store
    }

    /// Refuses a first day after the last (`--since` after `--until`: exit 1).
    public func validate() throws(ShopError) {
        if let since, let until, since > until { throw .reversedDayRange(since: since, until: until) }
    }

    /// The filter, ready to test many purchases: the search folded once, each name's answer remembered.
    func matcher(calendar: LocalCalendar) -> Matcher {
        Matcher(filter: self, calendar: calendar, needle: search.map(NameOrder.key).flatMap { $0.isEmpty ? nil : $0 })
    }

    struct Matcher {
        let filter: PurchaseFilter
        let calendar: LocalCalendar
        let needle: String?
        var answers: [String: Bool] = [:]

        /// Whether every purchase passes (no search, days or store): then callers need not ask about each
        /// one, which copied every purchase (`history` and `spending` on 30,000 purchases: 5 M instructions).
        var includesEverything: Bool {
            needle == nil && filter.since == nil && filter.until == nil && filter.store == nil && filter.device == nil
        }

        mutating func includes(_ purchase: Purchase) -> Bool {
            if let needle {
                let matches: Bool
                if let known = answers[purchase.name] {
                    matches = known
                } else {
                    matches = NameOrder.key(purchase.name).contains(needle)
                    answers[purchase.name] = matches
                }
                if !matches { return false }
            }
            if filter.since != nil || filter.until != nil {
                let day = calendar.dayNumber(of: purchase.date)
                if let since = filter.since, day < since.number { return false }
                if let until = filter.until, day > until.number { return false }
            }
            if let store = filter.store {
                guard
                    purchase.storeID == store.id
                        || (purchase.storeID == nil && purchase.store.map(NameOrder.key) == NameOrder.key(store.name))
                else { return false }
            }
            if let device = filter.device {
                guard let by = purchase.by, NameOrder.key(by) == NameOrder.key(device) else { return false }
            }
            return true
        }
    }
}

/// Counts and sums of purchases: priced ones summed, unpriced ones counted apart (never summed as zero).
public struct PurchaseTotals: Sendable, Hashable {
    public var purchases = 0
    public var priced = 0
    public var cents = 0
    public var unpriced: Int { purchases - priced }
    /// The total of the priced purchases.
    public var total: Price { Price(sumOfCents: cents) }

    public init() {}

    /// Counts a purchase, adding its line total when it has a price.
    public mutating func add(_ purchase: Purchase) {
        purchases += 1
        if let line = purchase.lineTotal {
            priced += 1
            cents += line.cents
        }
    }
}

/// One row of `spending`.
public struct SpendingRow: Sendable, Hashable {
    /// The period (`2026-W47`, `2026-11`, `2026`) or group name; `nil` for purchases with no store or location.
    public var group: String?
    /// The first and last day of the period, or of the group's purchases.
    public var from: CalendarDay
    public var until: CalendarDay
    public var totals: PurchaseTotals

    mutating func merge(from: CalendarDay, until: CalendarDay, _ purchase: Purchase) {
        self.from = min(self.from, from)
        self.until = max(self.until, until)
        totals.add(purchase)
    }
}

/// How `spending` groups purchases.
public enum SpendingGrouping: String, CaseIterable, Sendable {
    case week, month, year, store, location, item
    /// By the device that logged each purchase (SPEC section 12).
    case device
}

extension ShoppingList {
    /// `history`: the purchases that pass `filter`, newest first.
    /// Purchases of one date come in the reverse of the order they were logged.
    public func history(_ filter: PurchaseFilter, calendar: LocalCalendar) -> [Purchase] {
        let purchases = log.purchases
        return historyPositions(filter, calendar: calendar).map { purchases[$0] }
    }

    /// ``history(_:calendar:)`` as positions in ``purchaseLog``'s purchases, in the same order, for a
    /// caller that reads the purchases where they are: ten years of purchases are 30,000 values of 136
    /// bytes, and copying them into a new array took 4 MB of fresh memory. Measured on 30,000 purchases
    /// (`history`, the data of `.bench/run --log`): 600 fewer page faults and 8 M fewer instructions.
    public func historyPositions(_ filter: PurchaseFilter, calendar: LocalCalendar) -> [Int] {
        var matcher = filter.matcher(calendar: calendar)
        let purchases = log.purchases
        var chosen: [Int] = []
        if matcher.includesEverything {
            chosen = Array(purchases.indices)
        } else {
            chosen.reserveCapacity(purchases.count)
            for index in purchases.indices where matcher.includes(purchases[index]) { chosen.append(index) }
        }
        // A closure, not the key path `\.date.timeIntervalSince1970`, which was applied through the generic
        // key path machinery for every purchase (4 M instructions for 30,000).
        let seconds = purchases.map { $0.date.timeIntervalSince1970 }
        chosen.sort { seconds[$0] != seconds[$1] ? seconds[$0] > seconds[$1] : $0 > $1 }
        return chosen
    }

    /// The distinct names of the purchases at `positions` in ``purchaseLog``'s purchases, in the order they
    /// first come, and for each position the number of its name among them: for a report that formats each
    /// name once.
    ///
    /// A purchase's name is looked up by its item first, where the log's reader gave the purchases of one
    /// item under one name the same string (so comparing it is comparing two pointers), and by the name
    /// itself only the first time and after a rename. Hashing every name instead cost 21 M instructions
    /// for 30,000 purchases (`history`, the data of `.bench/run --log`), this 8 M.
    public func distinctNames(at positions: [Int]) -> (names: [String], numbers: [Int32]) {
        let purchases = log.purchases
        var names: [String] = []
        var byName: [String: Int32] = [:]
        // The number of each item's last name (which `names` holds: no string is copied out of the table).
        var lastOfItem = UUIDTable<Int32>(capacity: 1024)
        var numbers: [Int32] = []
        numbers.reserveCapacity(positions.count)
        for position in positions {
            let item = purchases[position].itemID.uuid
            if let last = lastOfItem[item], names[Int(last)] == purchases[position].name {
                numbers.append(last)
                continue
            }
            let name = purchases[position].name
            let number: Int32
            if let known = byName[name] {
                number = known
            } else {
                number = Int32(names.count)
                names.append(name)
                byName[name] = number
            }
            lastOfItem[item] = number
            numbers.append(number)
        }
        return (names, numbers)
    }

    /// The count and total of the purchases at `positions` in ``purchaseLog``'s purchases (read where
    /// they are: adding up copies of 30,000 purchases cost 5 M instructions).
    public func totals(at positions: [Int]) -> PurchaseTotals {
        let purchases = log.purchases
        var totals = PurchaseTotals()
        for position in positions { totals.add(purchases[position]) }
        return totals
    }

    /// `spending`: the purchases that pass `filter`, grouped, oldest first (groups by their first purchase).
    public func spending(by grouping: SpendingGrouping, _ filter: PurchaseFilter, calendar: LocalCalendar)
        -> [SpendingRow]
    {
        struct Key: Hashable {
            var sort: Int
            var name: String?
        }
        var rows: [Key: SpendingRow] = [:]
        var matcher = filter.matcher(calendar: calendar)
        // A period per day, worked out once: ten years of purchases fall on a few thousand days.
        var periods: [Int: (label: String, from: CalendarDay, until: CalendarDay)] = [:]
        // The purchases are in logged order, so one period's purchases mostly come in a run: its row is
        // kept at hand while the run lasts, and looked up again only when the period changes.
        var current: (from: Int, until: Int, row: SpendingRow)?
        let purchases = log.purchases
        let everything = matcher.includesEverything
        for index in purchases.indices {
            if !everything, !matcher.includes(purchases[index]) { continue }
            let day = CalendarDay(number: calendar.dayNumber(of: purchases[index].date))
            if let run = current, (run.from...run.until).contains(day.number) {
                current!.row.totals.add(purchases[index])
                continue
            }
            let purchase = purchases[index]
            if let run = current {
                rows[Key(sort: run.from, name: nil)] = run.row
                current = nil
            }
            let key: Key
            var from = day
            var until = day
            switch grouping {
            case .week, .month, .year:
                let period = periods[day.number] ?? Self.period(grouping, of: day)
                periods[day.number] = period
                // Keyed by the period's first day alone: hashing its label for every purchase costs more.
                key = Key(sort: period.from.number, name: nil)
                if rows[key] == nil {
                    rows[key] = SpendingRow(
                        group: period.label, from: period.from, until: period.until, totals: PurchaseTotals())
                }
                (from, until) = (period.from, period.until)
                var row = rows[key]!
                row.merge(from: from, until: until, purchase)
                current = (period.from.number, period.until.number, row)
                continue
            case .store:
                let name = purchase.storeID.flatMap { self.store($0)?.name } ?? purchase.store
                key = Key(sort: 0, name: name)
            case .location:
                let name = item(purchase.itemID).map { location(of: $0).name }
                key = Key(sort: 0, name: name)
            case .item:
                key = Key(sort: 0, name: item(purchase.itemID)?.name ?? purchase.name)
            case .device:
                key = Key(sort: 0, name: purchase.by)
            }
            rows[key, default: SpendingRow(group: key.name, from: from, until: until, totals: PurchaseTotals())]
                .merge(from: from, until: until, purchase)
        }
        if let run = current { rows[Key(sort: run.from, name: nil)] = run.row }
        return rows.values.sorted { lhs, rhs in
            if lhs.from != rhs.from { return lhs.from < rhs.from }
            return NameOrder.precedes(lhs.group ?? "", rhs.group ?? "")
        }
    }

    /// The ISO week, calendar month or year holding `day`, with its label and first and last days.
    static func period(_ grouping: SpendingGrouping, of day: CalendarDay) -> (
        label: String, from: CalendarDay, until: CalendarDay
    ) {
        let (year, month, _) = TimestampText.civil(fromDays: day.number)
        func two(_ value: Int) -> String { value < 10 ? "0\(value)" : "\(value)" }
        switch grouping {
        case .week:
            // 1970-01-01 was a Thursday: Monday-based weekday 3.
            let weekday = ((day.number + 3) % 7 + 7) % 7
            let monday = day.number - weekday
            let thursday = monday + 3
            let isoYear = TimestampText.civil(fromDays: thursday).year
            let week = (thursday - TimestampText.days(fromYear: isoYear, month: 1, day: 1)) / 7 + 1
            return ("\(isoYear)-W\(two(week))", CalendarDay(number: monday), CalendarDay(number: monday + 6))
        case .month:
            let first = TimestampText.days(fromYear: year, month: month, day: 1)
            let next =
                month == 12
                ? TimestampText.days(fromYear: year + 1, month: 1, day: 1)
                : TimestampText.days(fromYear: year, month: month + 1, day: 1)
            return ("\(year)-\(two(month))", CalendarDay(number: first), CalendarDay(number: next - 1))
        default:
            let first = TimestampText.days(fromYear: year, month: 1, day: 1)
            let next = TimestampText.days(fromYear: year + 1, month: 1, day: 1)
            return ("\(year)", CalendarDay(number: first), CalendarDay(number: next - 1))
        }
    }
}
