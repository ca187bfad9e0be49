import ShopKit

/// The time zone human output shows days in, and "bought in the last N days" counts in: ShopKit's
/// ``LocalCalendar``, so the day a date is printed as and the section it lands in never disagree.
typealias DisplayZone = LocalCalendar

extension LocalCalendar {
    /// The process's local time zone.
    static var local: LocalCalendar { .current }

    /// The calendar `splitRecent` counts days with (the zone itself).
    var calendar: LocalCalendar { self }

    /// `YYYY-MM-DD` of `date` in this zone, computed from the epoch seconds by ShopKit's ``TimestampText``:
    /// Foundation's formatters load ICU on Linux, which costs more start-up time than the whole command.
    func day(_ date: Date) -> String {
        String(TimestampText.string(date.addingTimeInterval(Double(utcOffsetSeconds(at: date)))).prefix(10))
    }
}
