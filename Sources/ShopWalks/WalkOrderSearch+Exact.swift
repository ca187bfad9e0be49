import ShopModel

extension WalkOrderSearch {
    /// The cheapest order of `nodes` (at most ``exactLimit``), by dynamic programming: `best[S]` is the least cost of
    /// the pairs with a member in S over orders beginning with S; placing x next costs the lean of every (y, x) to
    /// come.
    static func exactOrder(_ nodes: [Int], _ lean: Leanings) -> [Int] {
        let k = nodes.count
        precondition(k <= exactLimit && k <= 31)
        // wait[x] over a set R of later nodes is split in two halves of R's bits, each a table of sums.
        let lowBits = k / 2
        let highBits = k - lowBits
        let lowMask = (1 << lowBits) - 1
        var lowSums = [Int64](repeating: 0, count: k << lowBits)
        var highSums = [Int64](repeating: 0, count: k << highBits)
        for x in 0..<k {
            func penalty(_ y: Int) -> Int64 { max(0, lean[nodes[y], nodes[x]]) }
            for set in 1..<(1 << lowBits) {
                let bit = set.trailingZeroBitCount
                lowSums[x << lowBits + set] = lowSums[x << lowBits + (set & (set - 1))] + penalty(bit)
            }
            for set in 1..<(1 << highBits) {
                let bit = set.trailingZeroBitCount
                highSums[x << highBits + set] = highSums[x << highBits + (set & (set - 1))] + penalty(lowBits + bit)
            }
        }
        let full = (1 << k) - 1
        var best = [Int64](repeating: .max, count: full + 1)
        var last = [UInt8](repeating: 0, count: full + 1)
        best[0] = 0
        lowSums.withUnsafeBufferPointer { low in
            highSums.withUnsafeBufferPointer { high in
                best.withUnsafeMutableBufferPointer { best in
                    last.withUnsafeMutableBufferPointer { last in
                        for placed in 0..<full {
                            let base = best[placed]
                            var rest = full & ~placed
                            while rest != 0 {
                                let x = rest.trailingZeroBitCount
                                rest &= rest - 1
                                let after = full & ~placed & ~(1 << x)
                                let cost =
                                    base + low[x << lowBits + (after & lowMask)]
                                    + high[x << highBits + (after >> lowBits)]
                                let next = placed | (1 << x)
                                if cost < best[next] {
                                    best[next] = cost
                                    last[next] = UInt8(x)
                                }
                            }
                        }
                    }
                }
            }
        }
        var order = [Int](repeating: 0, count: k)
        var placed = full
        for position in stride(from: k - 1, through: 0, by: -1) {
            let x = Int(last[placed])
            order[position] = nodes[x]
            placed &= ~(1 << x)
        }
        return order
    }

    /// A good order of `nodes` for a component too large to solve exactly: the greedy order (each time the node whose
    /// placement next costs least; ties to the current order), then moves that lower the cost (swapping neighbours, or
    /// moving one node where it costs least) until none does.
    static func improvedOrder(_ nodes: [Int], _ lean: Leanings) -> [Int] {
        var remaining = nodes
        var order: [Int] = []
        order.reserveCapacity(nodes.count)
        while !remaining.isEmpty {
            var bestIndex = 0
            var bestCost = Int64.max
            for (index, x) in remaining.enumerated() {
                var cost: Int64 = 0
                for y in remaining where y != x { cost += max(0, lean[y, x]) }
                if cost < bestCost { (bestIndex, bestCost) = (index, cost) }
            }
            order.append(remaining.remove(at: bestIndex))
        }
        var improved = true
        while improved {
            improved = false
            for position in 0..<(order.count - 1) where lean[order[position + 1], order[position]] > 0 {
                order.swapAt(position, position + 1)
                improved = true
            }
            if !improved { improved = moveOneNode(&order, lean) }
        }
        return order
    }

    /// Moves the first node whose best place elsewhere costs less; returns whether one moved.
    private static func moveOneNode(_ order: inout [Int], _ lean: Leanings) -> Bool {
        for from in order.indices {
            let x = order[from]
            // Moving x to position `to` changes the cost by the leans between x and the nodes it passes.
            var change: Int64 = 0
            var bestChange: Int64 = 0
            var bestTo = from
            for to in stride(from: from - 1, through: 0, by: -1) {
                change += lean[order[to], x]  // x now before order[to]: gains the lean for it, loses the one against
                if change < bestChange { (bestChange, bestTo) = (change, to) }
            }
            change = 0
            for to in (from + 1)..<max(from + 1, order.count) {
                change += lean[x, order[to]]
                if change < bestChange { (bestChange, bestTo) = (change, to) }
            }
            guard bestTo != from else { continue }
            order.remove(at: from)
            order.insert(x, at: bestTo)
            return true
        }
        return false
    }
}
