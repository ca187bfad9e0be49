import ShopModel

/// One trip through a store (SPEC section 15): the purchases logged at one store on one local day, when made at more
/// than one time (a `buy --all` or a receipt entered later gives every item one time: no trip).
///
/// What a trip teaches is the order of its **first visits**: for each location, the time of the first purchase there;
/// two locations first visited at the same second are not ordered against each other.
public struct Trip: Hashable, Sendable {
    /// The local calendar day (days since 1970-01-01 in local time).
    public var day: Int
    /// Each location visited with the time of its first purchase there, earliest first (ties by id, so
    /// the value is stable; a tie is never read as an order).
    public private(set) var visits: [Visit]

    /// A location and the time of the trip's first purchase there.
    public struct Visit: Hashable, Sendable {
        /// The location reached.
        public var location: Location.ID
        /// The time of the trip's first purchase there.
        public var at: Date

        /// A first visit.
        public init(location: Location.ID, at: Date) {
            self.location = location
            self.at = at
        }
    }

    /// A trip from its day and first visits (sorted here).
    public init(day: Int, visits: [Visit]) {
        self.day = day
        self.visits = visits.sorted { $0.at != $1.at ? $0.at < $1.at : $0.location < $1.location }
    }

    /// The trips at one store, oldest first.
    ///
    /// One pass over the log groups its purchases by day; a purchase counts when `isAtStore` holds for it (it was made
    /// at the store) and `location` gives a place for its item (`nil` for an item since removed, or at the Unknown
    /// Location, which every store walks last and which no order can move). A day is a trip when those
    /// purchases were made at two times or more.
    /// - Parameters:
    ///   - purchases: the log, in any order.
    ///   - location: where an item is now (a dictionary lookup: called once per purchase).
    ///   - calendar: the local days.
    public static func trips(
        in purchases: [Purchase], where isAtStore: (Purchase) -> Bool, location: (Item.ID) -> Location.ID?,
        calendar: LocalCalendar
    ) -> [Trip] {
        var days: [Int: [Location.ID: Date]] = [:]
        var times: [Int: Date] = [:]
        var timed: Set<Int> = []
        for purchase in purchases where isAtStore(purchase) {
            guard let place = location(purchase.itemID) else { continue }
            let day = calendar.dayNumber(of: purchase.date)
            if let first = times[day] {
                if first != purchase.date { timed.insert(day) }
            } else {
                times[day] = purchase.date
            }
            if let seen = days[day]?[place], seen <= purchase.date { continue }
            days[day, default: [:]][place] = purchase.date
        }
        return timed.sorted().map { day in
            Trip(day: day, visits: days[day]!.map { Visit(location: $0.key, at: $0.value) })
        }
    }
}
