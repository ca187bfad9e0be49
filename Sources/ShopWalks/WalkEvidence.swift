import ShopModel

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// How trips become before/after evidence (SPEC section 15): how fast old trips fade, and how much
/// evidence it takes before a pair of locations may change order.
public struct WalkLearningRules: Hashable, Sendable {
    /// After this many newer trips a trip counts half; `nil`: every trip counts the same.
    public var halfLife: Double?
    /// A pair changes order only when at least this many trips visited both.
    public var minimumTrips: Int
    /// ... and at least this share of their weight agrees (above one half in any case).
    public var agreement: Double

    /// The rules of `shop store learn`: a half-life of 4 trips (a rearranged shop relearned in about 8), 3 trips, 75%.
    public static let learned = WalkLearningRules(halfLife: 4, minimumTrips: 3, agreement: 0.75)

    /// Creates rules.
    public init(halfLife: Double?, minimumTrips: Int, agreement: Double) {
        self.halfLife = halfLife
        self.minimumTrips = minimumTrips
        self.agreement = agreement
    }
}

/// Before/after evidence between locations, counted over trips: for each ordered pair (a, b), the trips
/// that first visited a before b, as a count and as a weight that fades with the trip's age.
///
/// Weights are whole numbers (one trip of today weighs 65,536), so sums are exact and the order search
/// compares costs without rounding. An old trip weighs at least 1: it still counts, barely.
public struct WalkEvidence: Sendable {
    /// The locations compared, by index.
    public let locations: [Location.ID]
    /// The rules the evidence was weighed with.
    public let rules: WalkLearningRules
    private let counts: [Int]
    private let weights: [Int64]

    /// What a trip of today weighs.
    static let fullWeight = 65_536.0

    /// Counts the pairs of `trips` (oldest first) among `locations`; other locations are ignored.
    public init(trips: [Trip], locations: [Location.ID], rules: WalkLearningRules = .learned) {
        self.locations = locations
        self.rules = rules
        let n = locations.count
        var index: [Location.ID: Int] = [:]
        for (position, id) in locations.enumerated() { index[id] = position }
        var counts = [Int](repeating: 0, count: n * n)
        var weights = [Int64](repeating: 0, count: n * n)
        for (position, trip) in trips.enumerated() {
            let age = Double(trips.count - 1 - position)
            let weight = Self.weight(age: age, halfLife: rules.halfLife)
            let visits = trip.visits.compactMap { visit in index[visit.location].map { ($0, visit.at) } }
            for (first, (a, at)) in visits.enumerated() {
                // Visits are sorted by time: every later one with a later time comes after a.
                for (b, later) in visits[(first + 1)...] where later > at {
                    counts[a * n + b] += 1
                    weights[a * n + b] += weight
                }
            }
        }
        self.counts = counts
        self.weights = weights
    }

    /// What a trip `age` trips older than the newest weighs: full, halved every `halfLife` trips, at least 1.
    static func weight(age: Double, halfLife: Double?) -> Int64 {
        guard let halfLife else { return Int64(fullWeight) }
        let faded: Double = fullWeight * exp2(-age / halfLife)
        return Int64(max(1, faded.rounded()))
    }

    /// The number of trips that first visited location `a` before `b` (indices into ``locations``).
    public func count(_ a: Int, before b: Int) -> Int { counts[a * locations.count + b] }

    /// Their weight.
    public func weight(_ a: Int, before b: Int) -> Int64 { weights[a * locations.count + b] }

    /// How strongly the evidence decides that `a` comes before `b`: the weight for it less the weight against, when at
    /// least ``WalkLearningRules/minimumTrips`` trips visited both and at least ``WalkLearningRules/agreement`` of
    /// their weight agrees; otherwise 0 (undecided, or decided the other way).
    public func margin(_ a: Int, before b: Int) -> Int64 {
        let n = locations.count
        let (forIt, against) = (weights[a * n + b], weights[b * n + a])
        guard forIt > against, counts[a * n + b] + counts[b * n + a] >= rules.minimumTrips,
            Double(forIt) >= rules.agreement * Double(forIt + against)
        else { return 0 }
        return forIt - against
    }
}
