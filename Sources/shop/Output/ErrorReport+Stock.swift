import ShopKit

extension ErrorReport {
    /// The words of a refused stock command (SPEC section 18).
    static func describeStock(_ refusal: StockRefusal) -> (String, String?) {
        switch refusal {
        case .notStocked(let item):
            ("\(q(item)) is not kept in stock", "start keeping it: shop edit \(ShellWord.quoted(item)) --stock")
        case .otherFamily(let item, let asked, let atHome):
            (
                "\(q(item)) is at home in \(atHome), not in a unit like \(q(asked))",
                "give the amount in a unit of the same kind (grams for kilograms, millilitres for litres)"
            )
        case .nothingToOpen(let item): ("nothing of \(q(item)) is at home to open", "see 'shop stock'")
        case .invalidDays(let option, let days):
            ("\(option) \(days) is out of range", "\(option) takes a number of days from 1 to 3650")
        case .invalidBestBefore(let text):
            ("invalid best-before \(q(text))", "give a day (YYYY-MM-DD) or a number of days from today (10d)")
        case .bestBeforeOutOfRange(let text):
            ("best-before \(q(text)) is not between the years 1970 and 9999", "check the year: 4 digits, such as 2026")
        case .minimumInOneUnit(let text):
            ("invalid minimum stock \(q(text))", "give one amount in one unit, such as 500g or 6")
        }
    }
}
