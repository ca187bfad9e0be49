import ShopModel

/// The order of a store's locations that contradicts the least evidence, staying as close to the current
/// walk as the evidence allows (SPEC section 15).
///
/// **The problem.** Nodes `0..<n` are the locations in the current walk's order. Each pair that the evidence decides
/// (``WalkEvidence/margin(_:before:)``) wants one of its two orders with a weight, its margin. Every pair also wants to
/// keep its current order, with weight 1 plus the weight of the trips that walked it that way (`support`). With `M`
/// larger than the sum of those keeping weights, the weight of "a before b" (for a < b) is
/// `M × margin(a, b) + support(a, b) + 1`, and of "b before a" `M × margin(b, a)`. So, in this order of importance, the
/// proposal (1) contradicts the least decided evidence; (2) when a decided move must carry undecided locations along,
/// carries those the trips say least about (moving Dairy up past sections no trip saw after it, rather than Bakery down
/// past sections trips saw after Bakery); (3) turns around the fewest pairs of the current walk. Evidence against the
/// current order that is not decided never counts for a move: nothing moves without a decided pair. Finding the order
/// is the weighted linear ordering (minimum feedback arc set) problem.
///
/// **Why it splits.** Every pair leans one way (the weights of its two orders are never equal), so the leanings form a
/// tournament. Its strongly connected components come in one order in which every pair across two components leans
/// forward, and some optimal order keeps each component together in that order: placing them so contradicts no pair
/// across components, and the pairs within one component cost the same wherever it sits. The components are found by
/// Landau's criterion: sorted by the number of pairs they win, the first `s` nodes beat all others exactly when they
/// win `s(s-1)/2 + s(n-s)` pairs. A walk that the evidence leaves alone is `n` components of one; a moved section makes
/// one component of the sections it passes.
///
/// **Each component** of up to ``exactLimit`` nodes is solved exactly, by dynamic programming over the sets of nodes
/// that come first (Held–Karp style): the cost of placing node x right after a set S is the weight of the pairs (y, x)
/// that want y first while y comes after, looked up in two tables of partial sums (one per half of the bits), so each
/// of the `2^k × k` steps is two lookups. A larger component is ordered greedily and improved by swapping neighbours
/// and moving single nodes while that lowers the cost.
enum WalkOrderSearch {
    /// The largest component solved exactly.
    static let exactLimit = 20

    /// The best order of `n` nodes given each pair's decided margin.
    /// - Parameters:
    ///   - margin: `margin(a, b)` > 0 when the evidence decides a before b, else 0.
    ///   - support: `support(a, b)` >= 0, the weight of the trips that walked a before b.
    /// - Returns: the order (a permutation of `0..<n`) and whether every component was solved exactly.
    static func order(
        count n: Int, margin: (Int, Int) -> Int64, support: (Int, Int) -> Int64 = { _, _ in 0 }
    ) -> (order: [Int], isExact: Bool) {
        let lean = leanings(count: n, margin: margin, support: support)
        var order: [Int] = []
        var isExact = true
        for component in components(lean) {
            if component.count == 1 {
                order.append(component[0])
            } else if component.count <= exactLimit {
                order += exactOrder(component, lean)
            } else {
                order += improvedOrder(component, lean)
                isExact = false
            }
        }
        return (order, isExact)
    }

    /// How much each pair leans, as an n × n matrix: `lean[a * n + b]` > 0 is what putting b before a costs.
    static func leanings(
        count n: Int, margin: (Int, Int) -> Int64, support: (Int, Int) -> Int64 = { _, _ in 0 }
    ) -> Leanings {
        var decided = [Int64](repeating: 0, count: n * n)
        var keeping = [Int64](repeating: 0, count: n * n)
        var keepingTotal: Int64 = 1
        var decidedTotal: Int64 = 0
        for a in 0..<n {
            for b in (a + 1)..<max(a + 1, n) {
                decided[a * n + b] = margin(a, b) - margin(b, a)
                keeping[a * n + b] = support(a, b) + 1
                keepingTotal += keeping[a * n + b]
                decidedTotal += abs(decided[a * n + b])
            }
        }
        // Every cost is at most M × the decided total + M; past 2^62, step 2 is dropped (the walk keeps weight 1).
        let (bound, overflow) = keepingTotal.multipliedReportingOverflow(by: decidedTotal + 1)
        if overflow || bound > Int64.max / 4 {
            keepingTotal = Int64(n * (n - 1) / 2 + 1)
            for a in 0..<n { for b in (a + 1)..<max(a + 1, n) { keeping[a * n + b] = 1 } }
        }
        var values = [Int64](repeating: 0, count: n * n)
        for a in 0..<n {
            for b in (a + 1)..<max(a + 1, n) {
                let net = keepingTotal * decided[a * n + b] + keeping[a * n + b]
                values[a * n + b] = net
                values[b * n + a] = -net
            }
        }
        return Leanings(count: n, values: values)
    }

    /// The strongly connected components of the tournament in walking order, each one's nodes in current order.
    static func components(_ lean: Leanings) -> [[Int]] {
        let n = lean.count
        var wins = [Int](repeating: 0, count: n)
        for a in 0..<n {
            for b in 0..<n where lean[a, b] > 0 { wins[a] += 1 }
        }
        let ranked = (0..<n).sorted { wins[$0] != wins[$1] ? wins[$0] > wins[$1] : $0 < $1 }
        var result: [[Int]] = []
        var start = 0
        var total = 0
        for (position, node) in ranked.enumerated() {
            total += wins[node]
            let size = position + 1
            if total == size * (size - 1) / 2 + size * (n - size) {
                result.append(ranked[start...position].sorted())
                start = size
            }
        }
        return result
    }

    /// What an order costs: the lean of every pair it puts the other way round.
    static func cost(of order: [Int], _ lean: Leanings) -> Int64 {
        var total: Int64 = 0
        for (position, a) in order.enumerated() {
            for b in order[(position + 1)...] where lean[a, b] < 0 { total -= lean[a, b] }
        }
        return total
    }
}

/// The leaning of every ordered pair of nodes (see ``WalkOrderSearch``).
struct Leanings {
    let count: Int
    let values: [Int64]

    /// What putting b before a costs (when positive).
    subscript(a: Int, b: Int) -> Int64 { values[a * count + b] }
}
