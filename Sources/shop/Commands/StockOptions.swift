import ShopKit

/// The stock options of `add` and `edit` (SPEC section 18), declared once; ``ItemOptions`` binds them.
enum StockOptions {
    /// `--stock`: keep track of the item at home.
    static let stock = OptionKey<Bool>.flag(
        "stock", help: "Keep track of it at home: its purchases are lots in 'shop stock'.")
    static let noStock = OptionKey<Bool>.flag("no-stock", help: "No longer keep track of it at home.")
    static let keeps = OptionKey<Int>.integer(
        "keeps", value: "<days>", help: "Its usual shelf life: a bought lot's best-before when none is given.")
    static let noKeeps = OptionKey<Bool>.flag("no-keeps", help: "Forget its usual shelf life.")
    static let keepsOpen = OptionKey<Int>.integer(
        "keeps-open", value: "<days>", help: "The days it lasts once opened ('shop open' moves its best-before).")
    static let noKeepsOpen = OptionKey<Bool>.flag("no-keeps-open", help: "Forget how long it lasts once opened.")
    static let minStock = OptionKey.amount(
        "min-stock", value: "<amount>",
        help: "Below this much at home, 'shop restock' puts the missing amount on the list.")
    static let noMinStock = OptionKey<Bool>.flag("no-min-stock", help: "No minimum at home.")

    /// `--date <YYYY-MM-DD>` of `use`, `open` and `stock add`: a day entered later.
    static let date = OptionKey.day(
        "date", help: "The day it happened (default: now; also yesterday), for what is entered later.")
    /// `--best-before <day>` of `buy` and `stock add`.
    static let bestBefore = OptionKey<String>.string(
        "best-before", value: "<day>",
        help: "The lot's best-before: a day (YYYY-MM-DD) or days from the day bought (10d); default: --keeps.")

    /// The best-before given, read against the day of `date` (the purchase's).
    static func bestBefore(_ text: String?, on date: Date) throws(HistoryError) -> CalendarDay? {
        guard let text else { return nil }
        return try BestBefore.parse(text, from: CalendarDay(number: LocalCalendar.current.dayNumber(of: date)))
    }

    /// A number of days for `--keeps` or `--keeps-open`, checked: a rule of the item's stock fields, the core's.
    static func days(_ days: Int, option: String) throws(ShopError) -> Int {
        guard Validation.restockDays.contains(days) else {
            throw .invalidDays(option: option, days: days)
        }
        return days
    }
}

extension ItemOptions {
    /// Sets the stock changes (SPEC section 18) of these options.
    func stockChanges(_ changes: inout ItemChanges) throws(ShopError) {
        if stock { changes.stock = true }
        if noStock { changes.stock = false }
        if let keeps { changes.keeps = .set(try StockOptions.days(keeps, option: "--keeps")) }
        if noKeeps { changes.keeps = .clear }
        if let keepsOpen { changes.keepsOpen = .set(try StockOptions.days(keepsOpen, option: "--keeps-open")) }
        if noKeepsOpen { changes.keepsOpen = .clear }
        if let least = try ItemOptions.amount(minStock) {
            guard least.parts.count == 1 else { throw .minimumInOneUnit(least.description) }
            changes.minStock = .set(least.parts[0])
        }
        if noMinStock { changes.minStock = .clear }
    }
}
