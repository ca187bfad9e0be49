/// ISO 8601 timestamps of the data file, by hand (date formatters are slow and locale-laden). Written as
/// `2026-11-22T10:00:00Z`; read with optional fractional seconds (truncated) and `Z` or a `±hh:mm` offset.
public enum TimestampText {
    /// The whole seconds since 1970 of `date`, clamped to years 1...9999 so that any `Date` formats.
    package static func seconds(of date: Date) -> Int {
        let interval = date.timeIntervalSince1970
        guard interval.isFinite else { return 0 }
        let lowest = -62_135_596_800.0  // 0001-01-01T00:00:00Z
        let highest = 253_402_300_799.0  // 9999-12-31T23:59:59Z
        return Int(min(max(interval, lowest), highest).rounded(.down))
    }

    /// The length of the text form: `YYYY-MM-DDTHH:MM:SSZ` (years are clamped to four digits).
    package static let length = 20

    /// Writes `YYYY-MM-DDTHH:MM:SSZ` for `date` at `output`. - Returns: ``length``.
    @discardableResult
    package static func write(_ date: Date, to output: UnsafeMutablePointer<UInt8>) -> Int {
        let total = seconds(of: date)
        let days = floorDivide(total, 86_400)
        let secondOfDay = total - days * 86_400
        let (year, month, day) = civil(fromDays: days)
        writeDay(year: year, month: month, day: day, to: output)
        func digits(_ value: Int, _ count: Int, at position: Int) { writeDigits(value, count, to: output + position) }
        output[10] = UInt8(ascii: "T")
        digits(secondOfDay / 3600, 2, at: 11)
        output[13] = UInt8(ascii: ":")
        digits(secondOfDay / 60 % 60, 2, at: 14)
        output[16] = UInt8(ascii: ":")
        digits(secondOfDay % 60, 2, at: 17)
        output[19] = UInt8(ascii: "Z")
        return length
    }

    /// Writes `YYYY-MM-DD` (ten bytes) at `output`; `year` must have four digits.
    package static func writeDay(year: Int, month: Int, day: Int, to output: UnsafeMutablePointer<UInt8>) {
        writeDigits(year, 4, to: output)
        output[4] = UInt8(ascii: "-")
        writeDigits(month, 2, to: output + 5)
        output[7] = UInt8(ascii: "-")
        writeDigits(day, 2, to: output + 8)
    }

    /// Writes the last `count` decimal digits of `value` at `output`, with leading zeros.
    private static func writeDigits(_ value: Int, _ count: Int, to output: UnsafeMutablePointer<UInt8>) {
        var value = value
        for index in stride(from: count - 1, through: 0, by: -1) {
            output[index] = UInt8(ascii: "0") + UInt8(value % 10)
            value /= 10
        }
    }

    /// The length of a stamp's text form: `YYYY-MM-DDTHH:MM:SS.mmmZ`.
    package static let stampLength = 24

    /// Writes `YYYY-MM-DDTHH:MM:SS.mmmZ` for `date` (a `modifiedAt` stamp, SPEC section 8.2) at `output`.
    /// - Returns: ``stampLength``.
    @discardableResult
    package static func writeStamp(_ date: Date, to output: UnsafeMutablePointer<UInt8>) -> Int {
        let interval = date.timeIntervalSince1970
        let milliseconds = interval.isFinite ? Int((interval * 1000).rounded()) : 0
        let seconds = milliseconds >= 0 ? milliseconds / 1000 : -((-milliseconds + 999) / 1000)
        write(Date(timeIntervalSince1970: Double(seconds)), to: output)
        output[19] = UInt8(ascii: ".")
        writeDigits(min(max(milliseconds - seconds * 1000, 0), 999), 3, to: output + 20)
        output[23] = UInt8(ascii: "Z")
        return stampLength
    }

    /// The text form of a stamp, `2026-11-22T10:00:00.123Z`.
    public static func stampString(_ date: Date) -> String {
        withUnsafeTemporaryAllocation(of: UInt8.self, capacity: stampLength) { text in
            writeStamp(date, to: text.baseAddress!)
            return String(decoding: text, as: UTF8.self)
        }
    }

    /// Appends `YYYY-MM-DDTHH:MM:SSZ` for `date`.
    package static func append(_ date: Date, to bytes: inout [UInt8]) {
        withUnsafeTemporaryAllocation(of: UInt8.self, capacity: length) { text in
            write(date, to: text.baseAddress!)
            bytes.append(contentsOf: text)
        }
    }

    /// The text form of `date`.
    public static func string(_ date: Date) -> String {
        var bytes: [UInt8] = []
        append(date, to: &bytes)
        return String(decoding: bytes, as: UTF8.self)
    }

    /// Parses `YYYY-MM-DDTHH:MM:SS[.fff](Z|±HH:MM)`; `nil` when `text` is not one (or names a day that does not exist).
    public static func parse(_ text: String) -> Date? {
        parse(Array(text.utf8))
    }

    /// Parses a timestamp; `nil` when it is not one (or names a day that does not exist).
    package static func parse(_ text: [UInt8]) -> Date? {
        text.withUnsafeBufferPointer { parse($0) }
    }

    /// Parses a timestamp; `nil` when it is not one (or names a day that does not exist).
    package static func parse(_ bytes: UnsafeBufferPointer<UInt8>) -> Date? {
        parse(bytes, keepingMilliseconds: false)
    }

    /// The second of the day of `YYYY-MM-DDTHH:MM:SSZ` (exactly 20 bytes), from its time alone (the day is
    /// not looked at); `nil` when the time is not one as ``parse(_:)`` reads it.
    package static func secondOfDay(_ bytes: UnsafeBufferPointer<UInt8>) -> Int? {
        guard bytes.count == 20, bytes[10] == UInt8(ascii: "T"), bytes[13] == UInt8(ascii: ":"),
            bytes[16] == UInt8(ascii: ":"), bytes[19] == UInt8(ascii: "Z")
        else { return nil }
        func two(_ start: Int) -> Int? {
            let tens = bytes[start] &- UInt8(ascii: "0")
            let ones = bytes[start + 1] &- UInt8(ascii: "0")
            guard tens < 10, ones < 10 else { return nil }
            return Int(tens) * 10 + Int(ones)
        }
        guard let hour = two(11), let minute = two(14), let second = two(17), hour < 24, minute < 60, second < 60
        else { return nil }
        return hour * 3600 + minute * 60 + second
    }

    /// Parses a stamp: a timestamp whose fraction is kept to whole milliseconds (further digits dropped).
    package static func parseStamp(_ bytes: UnsafeBufferPointer<UInt8>) -> Date? {
        parse(bytes, keepingMilliseconds: true)
    }

    private static func parse(_ bytes: UnsafeBufferPointer<UInt8>, keepingMilliseconds: Bool) -> Date? {
        guard bytes.count >= 20 else { return nil }
        // Two digits at a time, without a loop: this runs twice per item of a large list.
        func number(_ start: Int, _ count: Int) -> Int? {
            let tens = bytes[start] &- UInt8(ascii: "0")
            let ones = bytes[start + 1] &- UInt8(ascii: "0")
            guard tens < 10, ones < 10 else { return nil }
            let value = Int(tens) * 10 + Int(ones)
            guard count == 4 else { return value }
            guard let low = number(start + 2, 2) else { return nil }
            return value * 100 + low
        }
        func byte(_ index: Int, is expected: Unicode.Scalar) -> Bool { bytes[index] == UInt8(ascii: expected) }
        guard let year = number(0, 4), byte(4, is: "-"), let month = number(5, 2), byte(7, is: "-"),
            let day = number(8, 2), byte(10, is: "T"), let hour = number(11, 2), byte(13, is: ":"),
            let minute = number(14, 2), byte(16, is: ":"), let second = number(17, 2),
            (1...12).contains(month), day >= 1, day <= daysIn(month: month, year: year),
            hour < 24, minute < 60, second < 60
        else { return nil }
        var index = 19
        var milliseconds = 0
        if byte(index, is: ".") {
            index += 1
            let fractionStart = index
            while index < bytes.count, bytes[index] >= UInt8(ascii: "0"), bytes[index] <= UInt8(ascii: "9") {
                if index - fractionStart < 3 {
                    milliseconds = milliseconds * 10 + Int(bytes[index] - UInt8(ascii: "0"))
                }
                index += 1
            }
            for _ in min(index - fractionStart, 3)..<3 { milliseconds *= 10 }
            guard index > fractionStart else { return nil }
        }
        guard index < bytes.count else { return nil }
        var offsetSeconds = 0
        if byte(index, is: "Z") {
            index += 1
        } else if byte(index, is: "+") || byte(index, is: "-") {
            guard bytes.count - index == 6, let hours = number(index + 1, 2), byte(index + 3, is: ":"),
                let minutes = number(index + 4, 2), hours < 24, minutes < 60
            else { return nil }
            offsetSeconds = (hours * 60 + minutes) * 60 * (byte(index, is: "-") ? -1 : 1)
            index += 6
        }
        guard index == bytes.count else { return nil }
        let days = days(fromYear: year, month: month, day: day)
        let total = days * 86_400 + hour * 3600 + minute * 60 + second - offsetSeconds
        guard keepingMilliseconds else { return Date(timeIntervalSince1970: Double(total)) }
        return Date(timeIntervalSince1970: Double(total * 1000 + milliseconds) / 1000)
    }

    // MARK: - Calendar arithmetic (proleptic Gregorian, after Howard Hinnant's days_from_civil)

    private static func floorDivide(_ value: Int, _ divisor: Int) -> Int {
        value >= 0 ? value / divisor : -((-value + divisor - 1) / divisor)
    }

    private static func isLeap(_ year: Int) -> Bool { year % 4 == 0 && (year % 100 != 0 || year % 400 == 0) }

    private static func daysIn(month: Int, year: Int) -> Int {
        switch month {
        case 2: isLeap(year) ? 29 : 28
        case 4, 6, 9, 11: 30
        default: 31
        }
    }

    /// Days since 1970-01-01 of a civil date.
    package static func days(fromYear year: Int, month: Int, day: Int) -> Int {
        let year = month <= 2 ? year - 1 : year
        let era = floorDivide(year, 400)
        let yearOfEra = year - era * 400
        let dayOfYear = (153 * (month > 2 ? month - 3 : month + 9) + 2) / 5 + day - 1
        let dayOfEra = yearOfEra * 365 + yearOfEra / 4 - yearOfEra / 100 + dayOfYear
        return era * 146_097 + dayOfEra - 719_468
    }

    /// The civil date of a number of days since 1970-01-01.
    public static func civil(fromDays days: Int) -> (year: Int, month: Int, day: Int) {
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
}
