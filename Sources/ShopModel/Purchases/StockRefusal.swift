/// Why a stock command or option was refused (SPEC section 18): exit 1, nothing changed.
public enum StockRefusal: Hashable, Sendable {
    /// `use`, `open` or `stock add` of an item not kept in stock (no `--stock`).
    case notStocked(item: String)
    /// An amount in another unit family than what is at home (`use cheese -q 1 l` with grams at home).
    case otherFamily(item: String, asked: String, atHome: String)
    /// `open` of an item with nothing at home.
    case nothingToOpen(item: String)
    /// `--keeps` or `--keeps-open` outside 1...3650 days (`option`: its flag).
    case invalidDays(option: String, days: Int)
    /// A best-before that is neither a day `YYYY-MM-DD` nor a number of days `Nd`.
    case invalidBestBefore(String)
    /// A best-before outside the years 1970 to 9999 (`0026-12-20`, a typo for 2026).
    case bestBeforeOutOfRange(String)
    /// `--min-stock` with more than one part (`1 kg + 2 cups`).
    case minimumInOneUnit(String)
}
