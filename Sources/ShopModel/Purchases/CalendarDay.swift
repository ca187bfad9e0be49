import ShopJSON

/// A local calendar day, as `--since` and `--until` name them: days since 1970-01-01 in local time.
public struct CalendarDay: Hashable, Sendable, Comparable, CustomStringConvertible {
    /// Days since 1970-01-01.
    public let number: Int

    public init(number: Int) {
        self.number = number
    }

    /// The years of the days shop writes from what a person, a page or a script gives it (SPEC 23): four
    /// digits, from the epoch on. A file may hold others (written by hand, or by an older shop); they are
    /// read and written back as they are.
    public static let writableYears = 1970...9999

    /// The day numbers of ``writableYears``.
    private static let writableNumbers = 0...TimestampText.days(fromYear: 9999, month: 12, day: 31)

    /// Whether the day is in ``writableYears``.
    public var isWritable: Bool { Self.writableNumbers.contains(number) }

    /// Parses `YYYY-MM-DD`; `nil` when the text is not shaped so, or names no real day (`2026-02-30`).
    /// - Parameter writable: whether a day outside ``writableYears`` is refused (`.outOfRange`): true for
    ///   what is typed, false for what a file holds.
    /// - Returns: `.malformed` for a word, `.invalid` for a date-shaped text that is no day.
    public static func parse(_ text: String, writable: Bool = false) -> Result<CalendarDay, ParseFailure> {
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
        let parsed = CalendarDay(number: days)
        guard !writable || parsed.isWritable else { return .failure(.outOfRange) }
        return .success(parsed)
    }

    /// Why a date did not parse.
    public enum ParseFailure: Error, Sendable {
        /// Not shaped like `YYYY-MM-DD` (a usage error).
        case malformed
        /// Shaped like a date, but no such day (a bad value).
        case invalid
        /// A day, but not in ``CalendarDay/writableYears`` (a bad value: `0026-12-20` for `2026-12-20`).
        case outOfRange
    }

    /// `2026-11-22`; a year before 1000 keeps four digits (`0026-12-20`), so that the text reads back.
    public var description: String {
        let (year, month, day) = TimestampText.civil(fromDays: number)
        guard (0...9999).contains(year) else {
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
