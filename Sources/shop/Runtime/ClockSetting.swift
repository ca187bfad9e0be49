import ShopKit

/// `SHOP_NOW`: the time a `shop` process takes as now, the way git reads `GIT_COMMITTER_DATE`. Tests and scripts that
/// need a particular day (a receipt replayed, a fixture pinned to a date) set it for one process instead of moving the
/// machine's clock. Unset or empty: the real clock.
enum ClockSetting {
    static let variable = "SHOP_NOW"

    /// The time to use: `SHOP_NOW` when set, else `clock`. A value that is not a timestamp is refused
    /// (exit 64) rather than ignored: a script that meant another day must not get today silently.
    static func now(environment: [String: String], clock: Date) throws(CommandFailure) -> Date {
        guard let text = environment[variable], !text.isEmpty else { return clock }
        guard let date = TimestampText.parse(text) else {
            throw .report(
                ErrorReport(
                    message: "\(variable) \(Quoted.value(text)) is not a time",
                    hint: "write it as 2026-03-01T10:15:00Z, or with an offset such as 2026-03-01T11:15:00+01:00",
                    exitCode: ErrorReport.ExitCode.usage))
        }
        return date
    }
}
