import ShopKit

// The day options (`--since`, `--until`, `buy --date`) and the rules that judge them, side by side.

extension CommonOptions {
    /// `--since <YYYY-MM-DD>` of `history` and `spending`.
    static let since = OptionKey.day(
        "since", help: "Only purchases on or after this day (local; also today, yesterday).")

    /// `--until <YYYY-MM-DD>` of `history` and `spending`.
    static let until = OptionKey.day(
        "until", help: "Only purchases on or before this day (local; also today, yesterday).")
}

/// `--since` and `--until`: the days a report of purchases covers (`history`, `spending`).
struct DateRangeOptions: OptionGroup {
    var since: TypedDay?
    var until: TypedDay?

    static var bindings: [OptionBinding<DateRangeOptions>] {
        [.init(CommonOptions.since, \.since), .init(CommonOptions.until, \.until)]
    }
}

/// A day as typed: a calendar day `YYYY-MM-DD`, or `today` or `yesterday`, which the command reads against its
/// clock (so a script or a cron job names a day without computing it), or a word that names no day.
///
/// The word that names no day is a case, not the failure of a `Result`: a `Result`'s metadata asks the runtime to
/// search the binary's conformances for its failure's `Error` (about 150 k instructions), and the option keys are
/// built at every command's start (`.bench/README.md`).
enum TypedDay: Sendable, CustomStringConvertible {
    case day(CalendarDay)
    case daysBeforeToday(Int)
    /// A word not shaped like a date (a usage error) or no day of the calendar (exit 1). The command reports it when
    /// it reads the day (``CommandContext/day(_:of:)``), so the errors keep their order.
    case unreadable(String, CalendarDay.ParseFailure)

    /// As typed: `2026-11-22`, `today`, `yesterday`.
    var description: String {
        switch self {
        case .day(let day): day.description
        case .daysBeforeToday(let days): Self.words.first { $0.value == days }?.key ?? "\(days) days ago"
        case .unreadable(let word, _): word
        }
    }

    /// The words for days before today, and how many days before.
    static let words = ["today": 0, "yesterday": 1]
}

extension OptionKey where Value == TypedDay {
    /// An option taking a day, `--since <YYYY-MM-DD>`.
    static func day(_ long: String, help: String) -> OptionKey {
        OptionKey(spec: OptionSpec(long: long, valueName: "<YYYY-MM-DD>", kind: .string, help: help)) { word in
            if let days = TypedDay.words[word.lowercased()] { return .value(.daysBeforeToday(days)) }
            switch CalendarDay.parse(word, writable: true) {
            case .success(let day): return .value(.day(day))
            case .failure(let failure): return .value(.unreadable(word, failure))
            }
        }
    }
}

/// The date and filter options of `buy`, `history` and `spending`.
extension CommandContext {
    /// The local calendar day an option names (`--date 2026-11-22`, `--since yesterday`), if given. A word that is not shaped
    /// like a date is a usage error (exit 64); a date-shaped text that names no day is a bad value (exit 1).
    func day(_ value: TypedDay?, of key: OptionKey<TypedDay>) throws(CommandFailure) -> CalendarDay? {
        let option = key.spec.long
        switch value {
        case nil:
            return nil
        case .day(let day):
            return day
        case .daysBeforeToday(let days):
            return CalendarDay(number: LocalCalendar.current.dayNumber(of: now) - days)
        case .unreadable(let word, .malformed):
            throw usageError(
                "'--\(option)' expects a date such as 2026-11-22 (YYYY-MM-DD), today or yesterday, got "
                    + Quoted.value(word))
        case .unreadable(let word, .outOfRange):
            throw .report(
                ErrorReport(
                    message: "--\(option) \(Quoted.value(word)) is not between the years 1970 and 9999",
                    hint: "check the year: 4 digits, such as 2026"))
        case .unreadable(let word, _):
            throw .report(
                ErrorReport(
                    message: "--\(option) \(Quoted.value(word)) is not a day of the calendar",
                    hint: "give a date as YYYY-MM-DD, such as 2026-11-22"))
        }
    }

    /// `history` and `spending`'s filter: SEARCH, `--since`, `--until` and an explicit `--store` only.
    func purchaseFilter(search: String?, in list: ShoppingList) throws(CommandFailure) -> PurchaseFilter {
        let range = DateRangeOptions(options)
        var filter = PurchaseFilter(
            search: search, since: try day(range.since, of: CommonOptions.since),
            until: try day(range.until, of: CommonOptions.until),
            store: try invocation.global.store.map { (reference) throws(CommandFailure) in
                try attempt { list.store(try list.resolveStore(reference))! }
            })
        filter.device = options[HistoryCommand.device]
        // Like --store, only an explicit --list filters what was bought; $SHOP_LIST and the current list do not.
        filter.list = try invocation.global.list.map { (reference) throws(CommandFailure) in
            try attempt { list.namedList(try list.resolveList(reference))! }
        }
        try attempt { try filter.validate() }
        return filter
    }

    /// `buy --date` (`value`): the instant to log. Today is now; an earlier day is noon local time (a
    /// receipt's time of day is not known). A day in the future is refused (exit 1), as is one outside the years 1970-9999 (by the option's reader).
    func purchaseDate(_ value: TypedDay?) throws(CommandFailure) -> Date? {
        guard let day = try day(value, of: ReceiptOptions.date) else { return nil }
        let today = LocalCalendar.current.dayNumber(of: now)
        guard day.number <= today else {
            throw .report(
                ErrorReport(message: "--date \(day) is in the future", hint: "today is \(CalendarDay(number: today))"))
        }
        if day.number == today { return now }
        return day.instant(hour: 12, in: .current)
    }
}
