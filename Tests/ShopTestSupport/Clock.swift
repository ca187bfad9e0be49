import Foundation

/// Fixed instants so tests control time.
package enum Clock {
    package static let day: TimeInterval = 86_400
    /// 2026-11-22T10:00:00Z
    package static let now = Date(timeIntervalSince1970: 1_795_341_600)
    package static func daysAgo(_ days: Double) -> Date { now.addingTimeInterval(-days * day) }
}
