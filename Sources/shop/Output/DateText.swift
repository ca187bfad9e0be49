#if canImport(FoundationEssentials)
    import FoundationEssentials
#else
    import Foundation
#endif

/// Dates as text, computed from the epoch seconds by hand: Foundation's formatters load ICU on Linux,
/// which costs more start-up time than the whole command.
enum DateText {
    /// `2026-11-22T10:00:00Z`: ISO 8601 in UTC, whole seconds, the JSON contract's form.
    static func iso8601UTC(_ date: Date) -> String {
        let seconds = Int(date.timeIntervalSince1970.rounded(.down))
        let days = floorDivide(seconds, 86_400)
        let secondOfDay = seconds - days * 86_400
        let (year, month, day) = civil(fromDays: days)
        return dayString(year: year, month: month, day: day) + "T" + pad(secondOfDay / 3600) + ":"
            + pad(secondOfDay / 60 % 60) + ":" + pad(secondOfDay % 60) + "Z"
    }

    /// `2026-11-22`: the calendar day of `date` shifted by `utcOffsetSeconds`.
    static func day(_ date: Date, utcOffsetSeconds: Int) -> String {
        let seconds = Int(date.timeIntervalSince1970.rounded(.down)) + utcOffsetSeconds
        let (year, month, day) = civil(fromDays: floorDivide(seconds, 86_400))
        return dayString(year: year, month: month, day: day)
    }

    /// The proleptic Gregorian date of a day number (days since 1970-01-01), after Howard Hinnant's
    /// `civil_from_days`: exact for every representable day, no tables, no loops.
    static func civil(fromDays days: Int) -> (year: Int, month: Int, day: Int) {
        let shifted = days + 719_468
        let era = floorDivide(shifted, 146_097)
        let dayOfEra = shifted - era * 146_097
        let yearOfEra = (dayOfEra - dayOfEra / 1460 + dayOfEra / 36_524 - dayOfEra / 146_096) / 365
        let dayOfYear = dayOfEra - (365 * yearOfEra + yearOfEra / 4 - yearOfEra / 100)
        let monthIndex = (5 * dayOfYear + 2) / 153
        let day = dayOfYear - (153 * monthIndex + 2) / 5 + 1
        let month = monthIndex < 10 ? monthIndex + 3 : monthIndex - 9
        return (yearOfEra + era * 400 + (month <= 2 ? 1 : 0), month, day)
    }

    private static func dayString(year: Int, month: Int, day: Int) -> String {
        let yearText = String(year)
        return String(repeating: "0", count: max(0, 4 - yearText.count)) + yearText + "-" + pad(month) + "-" + pad(day)
    }

    private static func pad(_ value: Int) -> String { value < 10 ? "0\(value)" : "\(value)" }

    private static func floorDivide(_ value: Int, _ divisor: Int) -> Int {
        value >= 0 ? value / divisor : -((-value + divisor - 1) / divisor)
    }
}
