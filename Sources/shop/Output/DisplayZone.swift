import ShopKit

#if canImport(FoundationEssentials)
    import FoundationEssentials
#else
    import Foundation
#endif
#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// The time zone human output shows days in, and "bought in the last N days" counts in.
///
/// One value serves both, so the day a date is printed as and the section it lands in never disagree.
/// Tests pass ``fixed(hours:)``; the command layer passes ``local``.
struct DisplayZone: Sendable {
    /// The offset from UTC, in seconds, at an instant (it changes with daylight saving time).
    let utcOffsetSeconds: @Sendable (Date) -> Int

    /// The process's local time zone, from the C library (`TZ`, `/etc/localtime`), which needs no ICU.
    static let local = DisplayZone { date in
        var seconds = time_t(date.timeIntervalSince1970.rounded(.down))
        var parts = tm()
        guard localtime_r(&seconds, &parts) != nil else { return 0 }
        return Int(parts.tm_gmtoff)
    }

    /// Coordinated Universal Time.
    static let utc = DisplayZone { _ in 0 }

    /// A fixed offset from UTC.
    static func fixed(hours: Int) -> DisplayZone { DisplayZone { _ in hours * 3600 } }

    /// The calendar ShopKit's `splitRecent` should count days with.
    var calendar: LocalCalendar { LocalCalendar(utcOffsetSeconds: utcOffsetSeconds) }

    /// `YYYY-MM-DD` of `date` in this zone.
    func day(_ date: Date) -> String { DateText.day(date, utcOffsetSeconds: utcOffsetSeconds(date)) }
}
