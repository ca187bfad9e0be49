import Foundation
import ShopModel
import ShopWalks

/// Small fixed ids and trips for the walk-learning tests.
enum WalkFixture {
    /// Location ids that sort in their index order.
    static func locations(_ count: Int) -> [Location.ID] {
        (0..<count).map { Location.ID(string: String(format: "00000000-0000-4000-8000-%012d", $0 + 1))! }
    }

    /// A trip on `day` visiting `order` one minute apart (the first at 10:01 UTC).
    static func trip(day: Int = 20_000, _ order: [Location.ID]) -> Trip {
        Trip(
            day: day,
            visits: order.enumerated().map { index, location in
                Trip.Visit(location: location, at: time(day: day, minute: index + 1))
            })
    }

    /// `count` trips on consecutive days, each visiting `order`.
    static func trips(_ count: Int, _ order: [Location.ID], from day: Int = 20_000) -> [Trip] {
        (0..<count).map { trip(day: day + $0, order) }
    }

    /// 10:MM UTC on `day`.
    static func time(day: Int, minute: Int) -> Date {
        Date(timeIntervalSince1970: Double(day) * 86_400 + 10 * 3600 + Double(minute) * 60)
    }
}
