#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// Numbers calendar days in a time zone, for "bought in the last N days". Time zones come from the C library (`TZ`,
/// `/etc/localtime`), which needs no ICU.
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
    /// The same calendar, remembering the offset of each hour it was asked about: reports over many purchases ask about
    /// the same few thousand hours (offsets change on the hour).
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

/// The hour → offset table of ``LocalCalendar/memoizingOffsets()``, behind a lock so the calendar stays `Sendable`.
///
/// Offsets are kept by hour from the first hour asked about, 20 years either way, in blocks of 1,024 hours made when
/// first needed (`Int32.min` where not asked yet). The lock and the blocks are reached through pointers, not stored
/// `var`s, which Swift checks for exclusive access on every use (measured: see .bench/README.md).
private final class OffsetMemo: @unchecked Sendable {
    private static let blockHours = 1024
    private static let blockCount = 40 * 366 * 24 / blockHours
    /// The first hour of the first block, `Int.min` until the first question.
    private let base = UnsafeMutablePointer<Int>.allocate(capacity: 1)
    private let blocks = UnsafeMutablePointer<UnsafeMutablePointer<Int32>?>.allocate(capacity: blockCount)
    /// Hours outside the blocks' span (rare: dates decades apart).
    private var others: [Int: Int] = [:]
    private let lock = UnsafeMutablePointer<pthread_mutex_t>.allocate(capacity: 1)

    init() {
        base.initialize(to: Int.min)
        blocks.initialize(repeating: nil, count: Self.blockCount)
        lock.initialize(to: pthread_mutex_t())
        pthread_mutex_init(lock, nil)
    }

    deinit {
        for index in 0..<Self.blockCount { blocks[index]?.deallocate() }
        blocks.deallocate()
        base.deallocate()
        pthread_mutex_destroy(lock)
        lock.deallocate()
    }

    func offset(hour: Int, compute: () -> Int) -> Int {
        pthread_mutex_lock(lock)
        defer { pthread_mutex_unlock(lock) }
        if base.pointee == Int.min { base.pointee = hour - Self.blockCount * Self.blockHours / 2 }
        let slot = hour - base.pointee
        guard slot >= 0, slot < Self.blockCount * Self.blockHours else {
            if let known = others[hour] { return known }
            let offset = compute()
            others[hour] = offset
            return offset
        }
        let (block, index) = slot.quotientAndRemainder(dividingBy: Self.blockHours)
        let offsets: UnsafeMutablePointer<Int32>
        if let existing = blocks[block] {
            offsets = existing
        } else {
            offsets = .allocate(capacity: Self.blockHours)
            offsets.initialize(repeating: Int32.min, count: Self.blockHours)
            blocks[block] = offsets
        }
        if offsets[index] != Int32.min { return Int(offsets[index]) }
        let offset = compute()
        offsets[index] = Int32(clamping: offset)
        return offset
    }
}
