import ShopKit

/// Dates as text, computed from the epoch seconds by ShopKit's ``TimestampText``: Foundation's formatters
/// load ICU on Linux, which costs more start-up time than the whole command.
enum DateText {
    /// `2026-11-22T10:00:00Z`: ISO 8601 in UTC, whole seconds, the JSON contract's form (and the data file's).
    static func iso8601UTC(_ date: Date) -> String {
        TimestampText.string(date)
    }

    /// `2026-11-22`: the calendar day of `date` shifted by `utcOffsetSeconds`.
    static func day(_ date: Date, utcOffsetSeconds: Int) -> String {
        let shifted = date.addingTimeInterval(Double(utcOffsetSeconds))
        return String(TimestampText.string(shifted).prefix(10))
    }
}

/// The time zone human output shows days in, and "bought in the last N days" counts in: ShopKit's
/// ``LocalCalendar``, so the day a date is printed as and the section it lands in never disagree.
typealias DisplayZone = LocalCalendar

extension LocalCalendar {
    /// The process's local time zone.
    static var local: LocalCalendar { .current }

    /// The calendar `splitRecent` counts days with (the zone itself).
    var calendar: LocalCalendar { self }

    /// `YYYY-MM-DD` of `date` in this zone.
    func day(_ date: Date) -> String { DateText.day(date, utcOffsetSeconds: utcOffsetSeconds(at: date)) }
}
