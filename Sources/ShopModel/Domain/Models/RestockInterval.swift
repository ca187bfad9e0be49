import ShopJSON

/// How often an item comes back on the list: every so many days, or at the interval learned from its purchases. One
/// value for ``Item/restock``, `--every`, the data file's `every`, the merge and the output.
public enum RestockInterval: Hashable, Sendable {
    /// `--every DAYS`, `"every" : 7`: a whole number of days, 1 to 3650 (``Validation/every(_:)``).
    case days(Int)
    /// `--every auto`, `"every" : "auto"`: learned from the item's purchases (``RestockLearning``).
    case learned

    /// The word for ``learned`` wherever the interval is written or given: `--every auto`, the data file, `--json`.
    public static let learnedWord = "auto"

    /// The number of days of a fixed interval; `nil` for a learned one.
    public var days: Int? {
        if case .days(let days) = self { days } else { nil }
    }
}

extension JSONWriter {
    /// A restock interval as the data file and `--json` write it: a number of days, or `"auto"`.
    package mutating func restock(_ restock: RestockInterval) {
        switch restock {
        case .days(let days): int(days)
        case .learned: string(RestockInterval.learnedWord)
        }
    }
}
