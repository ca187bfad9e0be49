import ShopJSON
import ShopModel

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
    public var totals = PurchaseTotals()

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
    /// By the list each purchase was bought from (SPEC section 22), named as it is now.
    case list
}

extension ShoppingList {
    /// `history`: the purchases that pass `filter`, newest first (of one date, the last logged first).
    public func history(_ filter: PurchaseFilter, calendar: LocalCalendar, in log: PurchaseLog) -> [Purchase] {
        let purchases = log.purchases
        return historyPositions(filter, calendar: calendar, in: log).map { purchases[$0] }
    }

    /// ``history(_:calendar:in:)`` as positions in `log`'s purchases, in the same order, for a caller that reads
    /// the purchases where they are instead of copying tens of thousands of them into a new array.
    public func historyPositions(_ filter: PurchaseFilter, calendar: LocalCalendar, in log: PurchaseLog) -> [Int] {
        var matcher = filter.matcher(calendar: calendar, in: self)
        let purchases = log.purchases
        var chosen: [Int] = []
        if matcher.includesEverything {
            chosen = Array(purchases.indices)
        } else {
            chosen.reserveCapacity(purchases.count)
            for index in purchases.indices where matcher.includes(purchases[index]) { chosen.append(index) }
        }
        // A closure, not a key path, which goes through the generic key path machinery for every purchase.
        let seconds = purchases.map { $0.date.timeIntervalSince1970 }
        chosen.sort { seconds[$0] != seconds[$1] ? seconds[$0] > seconds[$1] : $0 > $1 }
        return chosen
    }

    /// The distinct names of the purchases at `positions` in `log`'s purchases, in the order they first come,
    /// and for each position the number of its name among them: for a report that formats each name once.
    ///
    /// A name is looked up by its item first (the log's reader gave one item's purchases of one name the same string,
    /// compared as pointers), and by the name itself only after a rename: cheaper than hashing every name.
    public func distinctNames(at positions: [Int], in log: PurchaseLog) -> (names: [String], numbers: [Int32]) {
        let purchases = log.purchases
        var names: [String] = []
        var byName: [String: Int32] = [:]
        // The number of each item's last name (which `names` holds: no string is copied out of the table).
        var lastOfItem = [Item.ID: Int32](minimumCapacity: 1024)
        var numbers: [Int32] = []
        numbers.reserveCapacity(positions.count)
        for position in positions {
            let item = purchases[position].itemID
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

    /// The count and total of the purchases at `positions` in `log`'s purchases, read where they are.
    public func totals(at positions: [Int], in log: PurchaseLog) -> PurchaseTotals {
        let purchases = log.purchases
        var totals = PurchaseTotals()
        for position in positions { totals.add(purchases[position]) }
        return totals
    }

    /// `spending`: the purchases that pass `filter`, grouped, oldest first (groups by their first purchase).
    public func spending(
        by grouping: SpendingGrouping, _ filter: PurchaseFilter, calendar: LocalCalendar, in log: PurchaseLog
    )
        -> [SpendingRow]
    {
        struct Key: Hashable {
            var sort: Int
            var name: String?
        }
        var rows: [Key: SpendingRow] = [:]
        var matcher = filter.matcher(calendar: calendar, in: self)
        // A period per day, worked out once: ten years of purchases fall on a few thousand days.
        var periods: [Int: (label: String, from: CalendarDay, until: CalendarDay)] = [:]
        // One period's purchases mostly come in a run (logged order): its row is kept at hand while the run lasts.
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
            let name: String?
            switch grouping {
            case .week, .month, .year:
                let period = periods[day.number] ?? Self.period(grouping, of: day)
                periods[day.number] = period
                // Keyed by the period's first day alone: hashing its label for every purchase costs more.
                var row =
                    rows[Key(sort: period.from.number, name: nil)]
                    ?? SpendingRow(group: period.label, from: period.from, until: period.until)
                row.totals.add(purchase)
                current = (period.from.number, period.until.number, row)
                continue
            case .store: name = purchase.storeID.flatMap { self.store($0)?.name } ?? purchase.store
            case .location: name = item(purchase.itemID).map { location(of: $0).name }
            case .item: name = item(purchase.itemID)?.name ?? purchase.name
            case .device: name = purchase.by
            case .list: name = listName(of: purchase)
            }
            rows[Key(sort: 0, name: name), default: SpendingRow(group: name, from: day, until: day)]
                .merge(from: day, until: day, purchase)
        }
        if let run = current { rows[Key(sort: run.from, name: nil)] = run.row }
        return rows.values.sorted { lhs, rhs in
            if lhs.from != rhs.from { return lhs.from < rhs.from }
            return NameOrder.precedes(lhs.group ?? "", rhs.group ?? "")
        }
    }

    /// The ISO week, calendar month or year holding `day`, with its label and first and last days.
    package static func period(_ grouping: SpendingGrouping, of day: CalendarDay) -> (
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
