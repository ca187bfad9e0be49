import ShopHistory
import ShopModel

/// The day a household's week starts on (SPEC 16: its shopping day), for `shop plan --week-starts DAY` and
/// a plan file's `>> week starts: saturday`.
public enum Weekday: String, CaseIterable, Sendable {
    case monday, tuesday, wednesday, thursday, friday, saturday, sunday

    /// Reads a weekday as a plan file may name it: the English name or its first three letters, in any case.
    public init?(naming text: String) {
        let word = text.trimmingSpaces.lowercased()
        guard word.count >= 3, let day = Self.allCases.first(where: { $0.rawValue.hasPrefix(word) }),
            word.count == 3 || word == day.rawValue
        else { return nil }
        self = day
    }

    /// Monday 0 ... Sunday 6.
    var offset: Int { Self.allCases.firstIndex(of: self)! }
}

extension MealPlan {
    /// The period a run of `shop plan` is for when no `--for LABEL` names one: the week holding the local day of
    /// `date`. A week starting on Monday (the default) is the ISO 8601 week (`2026-W49`), the label
    /// `spending --by week` uses; a week starting on another day is named by its first day (`2026-11-28` for the week
    /// from Saturday 28 November to Friday 4 December), so that no label of one is ever the label of the other.
    public static func week(of date: Date, startingOn start: Weekday = .monday, calendar: LocalCalendar = .current)
        -> String
    {
        let day = CalendarDay(number: calendar.dayNumber(of: date))
        guard start != .monday else { return ShoppingList.period(.week, of: day).label }
        // 1970-01-01 (day 0) was a Thursday: Monday-based weekday 3.
        let weekday = ((day.number + 3) % 7 + 7) % 7
        let sinceStart = ((weekday - start.offset) % 7 + 7) % 7
        return CalendarDay(number: day.number - sinceStart).description
    }
}
