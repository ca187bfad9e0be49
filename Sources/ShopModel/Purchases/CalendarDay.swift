import ShopJSON

/// A local calendar day, as `--since` and `--until` name them: days since 1970-01-01 in local time.
public struct CalendarDay: Hashable, Sendable, Comparable, CustomStringConvertible {
    /// Days since 1970-01-01.
    public let number: Int

    public init(number: Int) {
        self.number = number
    }

    /// Parses `YYYY-MM-DD`; `nil` when the text is not shaped so, or names no real day (`2026-02-30`).
    /// - Returns: `.malformed` for a word, `.invalid` for a date-shaped text that is no day.
    public static func parse(_ text: String) -> Result<CalendarDay, ParseFailure> {
        let bytes = Array(text.utf8)
        guard bytes.count == 10, bytes[4] == UInt8(ascii: "-"), bytes[7] == UInt8(ascii: "-") else {
            return .failure(.malformed)
        }
        func number(_ range: Range<Int>) -> Int? {
            var value = 0
            for byte in bytes[range] {
                guard (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(byte) else { return nil }
                value = value * 10 + Int(byte - UInt8(ascii: "0"))
            }
            return value
        }
        guard let year = number(0..<4), let month = number(5..<7), let day = number(8..<10) else {
            return .failure(.malformed)
        }
        guard (1...12).contains(month), day >= 1 else { return .failure(.invalid) }
        let days = TimestampText.days(fromYear: year, month: month, day: day)
        let check = TimestampText.civil(fromDays: days)
        guard check.year == year, check.month == month, check.day == day else { return .failure(.invalid) }
        return .success(CalendarDay(number: days))
    }

    /// Why a date did not parse.
    public enum ParseFailure: Error, Sendable {
        /// Not shaped like `YYYY-MM-DD` (a usage error).
        case malformed
        /// Shaped like a date, but no such day (a bad value).
        case invalid
    }

    /// `2026-11-22`.
    public var description: String {
        let (year, month, day) = TimestampText.civil(fromDays: number)
        guard (1000...9999).contains(year) else {
            func two(_ value: Int) -> String { value < 10 ? "0\(value)" : "\(value)" }
            return "\(year)-\(two(month))-\(two(day))"
        }
        // Digit by digit into ten bytes, not string interpolation: `history` shows a day per line.
        return withUnsafeTemporaryAllocation(of: UInt8.self, capacity: 10) { text in
            TimestampText.writeDay(year: year, month: month, day: day, to: text.baseAddress!)
            return String(decoding: text, as: UTF8.self)
        }
    }

    /// The instant `hour`:00 local time on this day (daylight saving time taken into account).
    public func instant(hour: Int, in calendar: LocalCalendar) -> Date {
        let local = Double(number * 86_400 + hour * 3600)
        var guess = Date(
            timeIntervalSince1970: local - Double(calendar.utcOffsetSeconds(at: Date(timeIntervalSince1970: local))))
        guess = Date(timeIntervalSince1970: local - Double(calendar.utcOffsetSeconds(at: guess)))
        return guess
    }

    public static func < (lhs: CalendarDay, rhs: CalendarDay) -> Bool { lhs.number < rhs.number }
}
