import ShopKit

extension HumanOutput {
    /// `shop timer`: `Running: 12:34` or `Stopped: 00:00`; hours appear from one hour on (`1:02:03`).
    static func timer(_ timer: StoreTimer, now: Date) -> String {
        (timer.isRunning ? "Running: " : "Stopped: ") + duration(timer.elapsedSeconds(at: now)) + "\n"
    }

    /// `mm:ss` below an hour, `h:mm:ss` from there.
    static func duration(_ seconds: Int) -> String {
        let seconds = max(0, seconds)
        func two(_ value: Int) -> String { value < 10 ? "0\(value)" : "\(value)" }
        let (hours, minutes, rest) = (seconds / 3600, seconds / 60 % 60, seconds % 60)
        return hours > 0 ? "\(hours):\(two(minutes)):\(two(rest))" : "\(two(minutes)):\(two(rest))"
    }
}
