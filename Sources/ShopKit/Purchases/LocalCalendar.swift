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

/// Numbers calendar days in a time zone, for "bought in the last N days". Time zones come from the C
/// library (`TZ`, `/etc/localtime`), which needs no ICU and so keeps start-up fast.
public struct LocalCalendar: Sendable {
    private let offset: @Sendable (Date) -> Int

    /// A calendar whose UTC offset, in seconds, at each instant is given by `utcOffsetSeconds`.
    public init(utcOffsetSeconds: @escaping @Sendable (Date) -> Int) {
        offset = utcOffsetSeconds
    }

    /// The process's local time zone.
    public static let current = LocalCalendar { date in
        var seconds = time_t(date.timeIntervalSince1970.rounded(.down))
        var parts = tm()
        guard localtime_r(&seconds, &parts) != nil else { return 0 }
        return Int(parts.tm_gmtoff)
    }

    /// Coordinated Universal Time.
    public static let utc = LocalCalendar { _ in 0 }

    /// A fixed offset from UTC, in hours (tests use it to pin the day boundary).
    public static func fixed(hours: Int) -> LocalCalendar {
        LocalCalendar { _ in hours * 3600 }
    }

    /// The offset from UTC, in seconds, at `date` (it changes with daylight saving time).
    public func utcOffsetSeconds(at date: Date) -> Int {
        offset(date)
    }

    /// The number of the local calendar day holding `date` (days since 1970-01-01 in local time).
    public func dayNumber(of date: Date) -> Int {
        let local = date.timeIntervalSince1970.rounded(.down) + Double(offset(date))
        return Int((local / 86_400).rounded(.down))
    }
}

extension LocalCalendar {
    /// The same calendar, remembering the offset of each hour it was asked about: reports over tens of
    /// thousands of purchases ask about the same few thousand hours, and each question to the C library
    /// costs a time zone lookup. (Offsets change on the hour, or the half hour in no zone shop knows of
    /// that also changes within an hour of it.)
    public func memoizingOffsets() -> LocalCalendar {
        let memo = OffsetMemo()
        return LocalCalendar { date in
            let hour = Int((date.timeIntervalSince1970 / 3600).rounded(.down))
            return memo.offset(hour: hour) {
                self.utcOffsetSeconds(at: Date(timeIntervalSince1970: Double(hour) * 3600))
            }
        }
    }
}

/// The hour → offset table of ``LocalCalendar/memoizingOffsets()``, behind a lock so the calendar stays
/// `Sendable`.
private final class OffsetMemo: @unchecked Sendable {
    /// Offsets by hour from `base`, `Int32.min` where not asked yet: an array, not a dictionary, because
    /// it is consulted once per purchase. It spans 40 years around the first hour asked about.
    private var offsets: [Int32] = []
    private var base = 0
    private var others: [Int: Int] = [:]
    private var lock = pthread_mutex_t()
    private static let span = 40 * 366 * 24

    init() { pthread_mutex_init(&lock, nil) }
    deinit { pthread_mutex_destroy(&lock) }

    func offset(hour: Int, compute: () -> Int) -> Int {
        pthread_mutex_lock(&lock)
        defer { pthread_mutex_unlock(&lock) }
        if offsets.isEmpty {
            base = hour - Self.span / 2
            offsets = Array(repeating: Int32.min, count: Self.span)
        }
        let slot = hour - base
        guard slot >= 0, slot < offsets.count else {
            if let known = others[hour] { return known }
            let offset = compute()
            others[hour] = offset
            return offset
        }
        if offsets[slot] != Int32.min { return Int(offsets[slot]) }
        let offset = compute()
        offsets[slot] = Int32(clamping: offset)
        return offset
    }
}
