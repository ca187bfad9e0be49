import ShopKit

extension ErrorReport {
    /// Describes a failure of the purchase history or the stock at home (ShopHistory), the core's it carries as the
    /// core's.
    init(_ error: HistoryError) {
        let (message, hint) = Self.describe(error)
        self.init(message: message, hint: hint, exitCode: Self.exitCode(of: error))
    }

    /// The words of a refused stock command (SPEC section 18) or history filter.
    private static func describe(_ error: HistoryError) -> (String, String?) {
        switch error {
        case .core(let core): describe(core)
        case .reversedDayRange(let since, let until):
            ("--since \(since) is after --until \(until)", "give the earlier day to --since")
        case .notStocked(let item):
            ("\(q(item)) is not kept in stock", "start keeping it: shop edit \(ShellWord.quoted(item)) --stock")
        case .otherFamily(let item, let asked, let atHome):
            (
                "\(q(item)) is at home in \(atHome), not in a unit like \(q(asked))",
                "give the amount in a unit of the same kind (grams for kilograms, millilitres for litres)"
            )
        case .nothingToOpen(let item): ("nothing of \(q(item)) is at home to open", "see 'shop stock'")
        case .invalidBestBefore(let text):
            ("invalid best-before \(q(text))", "give a day (YYYY-MM-DD) or a number of days from today (10d)")
        case .bestBeforeOutOfRange(let text):
            ("best-before \(q(text)) is not between the years 1970 and 9999", "check the year: 4 digits, such as 2026")
        }
    }
}
