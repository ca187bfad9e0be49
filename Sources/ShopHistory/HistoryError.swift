import ShopModel

/// Every failure of the purchase history and the stock at home (SPEC sections 10 and 18), with the offending values so
/// the caller can name them; a failure of the core below (an item not found, an amount past the limits) comes through
/// as ``core(_:)``. Each refusal comes before any change: nothing is logged then.
public enum HistoryError: Error, Hashable, Sendable {
    /// A failure of the core: a name that answers no item, an amount or unit that breaks rule 1.
    case core(ShopError)
    /// `use`, `open` or `stock add` of an item not kept in stock (no `--stock`).
    case notStocked(item: String)
    /// An amount in another unit family than what is at home (`use cheese -q 1 l` with grams at home).
    case otherFamily(item: String, asked: String, atHome: String)
    /// `open` of an item with nothing at home.
    case nothingToOpen(item: String)
    /// A best-before that is neither a day `YYYY-MM-DD` nor a number of days `Nd`.
    case invalidBestBefore(String)
    /// A best-before outside the years 1970 to 9999 (`0026-12-20`, a typo for 2026).
    case bestBeforeOutOfRange(String)
    /// A purchase filter whose first day comes after its last (`history --since` after `--until`).
    case reversedDayRange(since: CalendarDay, until: CalendarDay)

    /// Runs a call into the core, its failure as this layer's (``core(_:)``).
    package static func core<Value>(_ body: () throws(ShopError) -> Value) throws(HistoryError) -> Value {
        do {
            return try body()
        } catch {
            throw .core(error)
        }
    }
}
