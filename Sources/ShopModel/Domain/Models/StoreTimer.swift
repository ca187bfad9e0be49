/// The in-store stopwatch. It keeps counting between commands because it stores when it started, not a running count.
public struct StoreTimer: Hashable, Sendable {
    /// Whole seconds counted before the current run (or all of them, when stopped).
    public var accumulatedSeconds: Int
    /// When the current run began; `nil` while stopped.
    public var startedAt: Date?

    /// A timer at the given state; the default is stopped at zero.
    public init(accumulatedSeconds: Int = 0, startedAt: Date? = nil) {
        self.accumulatedSeconds = accumulatedSeconds
        self.startedAt = startedAt
    }

    /// Whether the two timers are in the same state, whatever their stamps.
    public func hasSameState(as other: StoreTimer) -> Bool {
        accumulatedSeconds == other.accumulatedSeconds && startedAt == other.startedAt
    }

    /// Whether the timer is counting.
    public var isRunning: Bool { startedAt != nil }

    /// Whole seconds elapsed at `now` (a clock set back never makes it negative).
    public func elapsedSeconds(at now: Date) -> Int {
        guard let startedAt else { return accumulatedSeconds }
        return accumulatedSeconds + max(0, Int(now.timeIntervalSince(startedAt)))
    }
}
