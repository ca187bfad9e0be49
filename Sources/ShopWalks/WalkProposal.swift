import ShopModel

/// What `shop store learn` proposes for one store (SPEC section 15): the walk that contradicts the least weighted
/// evidence of its trips, each pair it turns around with its evidence, and the locations the store lacks.
public struct WalkProposal: Hashable, Sendable {
    /// Learning needs this many trips; with fewer, nothing is proposed.
    public static let tripsNeeded = 3

    /// One decided pair: `before` was first visited before `after` on `agreeing` of the `trips` trips that
    /// visited both, which is `percent` of their weight (recent trips weighing more).
    public struct Evidence: Hashable, Sendable {
        /// The location the evidence puts first.
        public var before: Location.ID
        /// The location it puts after it.
        public var after: Location.ID
        /// The trips that reached `before` first.
        public var agreeing: Int
        /// The trips that reached both (at different times).
        public var trips: Int
        /// The agreeing trips' share of the weight, in whole percent (rounded down): at least 75 for a
        /// decided pair, even where fewer than 75% of the trips agree (the older ones disagreed).
        public var percent: Int
    }

    /// A location some trips visited that is not in the store's walk.
    public struct Unlisted: Hashable, Sendable {
        /// The location.
        public var location: Location.ID
        /// How many of the trips visited it.
        public var trips: Int
    }

    /// The number of trips at the store.
    public var trips: Int
    /// The store's walk now.
    public var current: [Location.ID]
    /// The learned walk (the same locations, perhaps in another order); `nil` with too few trips.
    public var proposed: [Location.ID]?
    /// The decided pairs the proposed walk turns around, in the proposed walk's order.
    public var moves: [Evidence] = []
    /// Decided pairs the proposed walk still goes against: the trips disagree in a cycle (Bakery before
    /// Dairy, Dairy before Deli, Deli before Bakery), and the cheapest way out contradicts these.
    public var contradicted: [Evidence] = []
    /// Locations the trips visited that the walk lacks, most visited first.
    public var unlisted: [Unlisted] = []
    /// Whether the proposed walk is proven the best (every tangle of at most 20 locations is solved exactly;
    /// a larger one is ordered greedily and improved locally).
    public var isExact = true

    /// The fewest locations that, taken out and put back elsewhere, turn the current walk into the proposed
    /// one (the others keep their order: a longest common subsequence), in the proposed walk's order.
    public var moved: [Location.ID] {
        guard let proposed else { return [] }
        var was: [Location.ID: Int] = [:]
        for (index, id) in current.enumerated() { was[id] = index }
        let kept = Self.longestIncreasing(proposed.map { was[$0]! })
        return proposed.enumerated().filter { !kept.contains($0.offset) }.map(\.element)
    }

    /// The positions in `values` of one longest strictly increasing subsequence (patience sorting).
    static func longestIncreasing(_ values: [Int]) -> Set<Int> {
        var tails: [Int] = []  // tails[k]: position of the smallest last value of an increasing run of k + 1
        var previous = [Int](repeating: -1, count: values.count)
        for (position, value) in values.enumerated() {
            var low = 0
            var high = tails.count
            while low < high {
                let middle = (low + high) / 2
                if values[tails[middle]] < value { low = middle + 1 } else { high = middle }
            }
            if low > 0 { previous[position] = tails[low - 1] }
            if low == tails.count { tails.append(position) } else { tails[low] = position }
        }
        var kept: Set<Int> = []
        var position = tails.last ?? -1
        while position >= 0 {
            kept.insert(position)
            position = previous[position]
        }
        return kept
    }

    /// Whether the proposal differs from the current walk.
    public var changesWalk: Bool { proposed.map { $0 != current } ?? false }

    /// Learns a walk from `trips` (oldest first), starting from `current`.
    public init(current: [Location.ID], trips: [Trip], rules: WalkLearningRules = .learned) {
        self.trips = trips.count
        self.current = current
        unlisted = Self.unlisted(current: current, trips: trips)
        guard trips.count >= Self.tripsNeeded else { return }
        let evidence = WalkEvidence(trips: trips, locations: current, rules: rules)
        let (order, isExact) = WalkOrderSearch.order(
            count: current.count, margin: evidence.margin, support: evidence.weight)
        self.isExact = isExact
        proposed = order.map { current[$0] }
        // What the trips say of `first` before `second` (indices into `current`).
        func pair(_ first: Int, _ second: Int) -> Evidence {
            let (forIt, against) = (evidence.weight(first, before: second), evidence.weight(second, before: first))
            return Evidence(
                before: current[first], after: current[second], agreeing: evidence.count(first, before: second),
                trips: evidence.count(first, before: second) + evidence.count(second, before: first),
                percent: Int(forIt * 100 / max(1, forIt + against)))
        }
        // Pairs by proposed position: `a` is walked before `b` in the proposal.
        for (place, a) in order.enumerated() {
            for b in order[(place + 1)...] {
                if evidence.margin(a, before: b) > 0, b < a {
                    moves.append(pair(a, b))
                } else if evidence.margin(b, before: a) > 0 {
                    contradicted.append(pair(b, a))
                }
            }
        }
    }

    /// The locations visited on `trips` that `current` lacks, with how many trips visited each.
    private static func unlisted(current: [Location.ID], trips: [Trip]) -> [Unlisted] {
        let walked = Set(current)
        var visits: [Location.ID: Int] = [:]
        for trip in trips {
            for visit in trip.visits where !walked.contains(visit.location) { visits[visit.location, default: 0] += 1 }
        }
        return visits.map { Unlisted(location: $0.key, trips: $0.value) }
            .sorted { $0.trips != $1.trips ? $0.trips > $1.trips : $0.location < $1.location }
    }
}

extension ShoppingList {
    /// What `shop store learn` proposes for store `id`: trips from the purchase log (which must be loaded), each
    /// purchase placed at its item's location now. A purchase logged under the store's name with no store id counts,
    /// as it does for `history`.
    /// - Parameter calendar: where days begin and end.
    public func learnedWalk(of id: Store.ID, from log: PurchaseLog, calendar: LocalCalendar) -> WalkProposal? {
        guard let store = store(id) else { return nil }
        let unknown = unknownLocationID
        // As `history --store` counts them: logged at this store, or under its name at no known store.
        let key = NameOrder.key(store.name)
        let trips = Trip.trips(
            in: log.purchases,
            where: { $0.storeID == id || ($0.storeID == nil && $0.store.map(NameOrder.key) == key) },
            location: { item($0).map(\.locationID).flatMap { $0 == unknown ? nil : $0 } },
            calendar: calendar)
        var proposal = WalkProposal(current: store.locationIDs, trips: trips)
        proposal.unlisted.sort { lhs, rhs in
            if lhs.trips != rhs.trips { return lhs.trips > rhs.trips }
            let (left, right) = (location(lhs.location)?.name ?? "", location(rhs.location)?.name ?? "")
            return left != right ? NameOrder.precedes(left, right) : lhs.location < rhs.location
        }
        return proposal
    }
}
