import ShopKit

#if canImport(FoundationEssentials)
    import FoundationEssentials
#else
    import Foundation
#endif

/// The date and filter options of `buy`, `history` and `spending`.
extension CommandContext {
    /// The local calendar day an option names (`--date 2026-11-22`), if given. A word that is not shaped
    /// like a date is a usage error (exit 64); a date-shaped text that names no day is a bad value (exit 1).
    func day(_ option: String) throws(CommandFailure) -> CalendarDay? {
        guard let text = invocation.string(option) else { return nil }
        switch CalendarDay.parse(text) {
        case .success(let day):
            return day
        case .failure(.malformed):
            throw .usage(
                UsageError(
                    message: "'--\(option)' expects a date such as 2026-11-22 (YYYY-MM-DD), got '\(text)'",
                    commandPath: invocation.commandPath))
        case .failure(.invalid):
            throw .report(
                ErrorReport(
                    message: "--\(option) \(Quoted.value(text)) is not a day of the calendar",
                    hint: "give a date as YYYY-MM-DD, such as 2026-11-22"))
        }
    }

    /// `history` and `spending`'s filter: SEARCH, `--since`, `--until` and an explicit `--store` only.
    func purchaseFilter(search: String?, in list: ShoppingList) throws(CommandFailure) -> PurchaseFilter {
        let filter = PurchaseFilter(
            search: search, since: try day("since"), until: try day("until"),
            store: try invocation.global.store.map { (reference) throws(CommandFailure) in
                try attempt { list.store(try list.resolveStore(reference))! }
            })
        try attempt { try filter.validate() }
        return filter
    }

    /// `buy --date`: the instant to log. Today is now; an earlier day is noon local time (a receipt's
    /// time of day is not known). A day in the future or before 1970 is refused (exit 1).
    func purchaseDate() throws(CommandFailure) -> Date? {
        guard let day = try day("date") else { return nil }
        let today = LocalCalendar.current.dayNumber(of: now)
        guard day.number <= today else {
            throw .report(
                ErrorReport(message: "--date \(day) is in the future", hint: "today is \(CalendarDay(number: today))"))
        }
        guard day.number >= 0 else {
            throw .report(ErrorReport(message: "--date \(day) is before 1970", hint: "give the day the receipt shows"))
        }
        if day.number == today { return now }
        return day.instant(hour: 12, in: .current)
    }
}
