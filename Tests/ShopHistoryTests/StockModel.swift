import Foundation
import ShopHistory
import ShopJSON
import ShopModel

/// A small reference model of SPEC section 18's stock rules, written apart from ``StockLedger`` (whole base
/// units as `Int`, days as `Int`, no shared code): the replay tests compare the two lot by lot.
struct StockModel {
    struct Rules {
        let keeps: Int?
        let keepsOpen: Int?
        /// The grams, millilitres or pieces one unit of each symbol holds.
        let unitSizes: [String: Int]
    }

    /// One line of the log as the model knows it.
    enum Line {
        case purchase(id: String, base: Int, date: Double, bestBefore: Int?)
        case add(id: String, base: Int, date: Double, bestBefore: Int?)
        /// `nil`: all of it.
        case use(id: String, base: Int?, date: Double)
        case open(id: String, date: Double)

        var id: String {
            switch self {
            case .purchase(let id, _, _, _), .add(let id, _, _, _), .use(let id, _, _), .open(let id, _): id
            }
        }
        var date: Double {
            switch self {
            case .purchase(_, _, let date, _), .add(_, _, let date, _), .use(_, _, let date), .open(_, let date): date
            }
        }
    }

    struct Lot: Equatable, CustomStringConvertible {
        let id: String
        var left: Int
        let bought: Double
        var bestBefore: Int?
        var opened: Bool
        var description: String {
            "\(id.prefix(8)) \(left) bb \(bestBefore.map(String.init) ?? "-") \(opened ? "open" : "")"
        }
    }

    let rules: Rules
    var lines: [Line] = []

    static func day(_ date: Double) -> Int { Int((date / 86_400).rounded(.down)) }

    /// What is at home after replaying every line, in base units.
    func total() -> Int { lots().reduce(0) { $0 + $1.left } }

    /// The lots at home after replaying every line by date-time, then id (the ids' uppercase text).
    func lots() -> [Lot] {
        var lots: [Lot] = []
        func sorted(_ lots: [Lot]) -> [Lot] {
            lots.sorted { a, b in
                if a.opened != b.opened { return a.opened }
                if a.bestBefore != b.bestBefore {
                    guard let x = a.bestBefore else { return false }
                    guard let y = b.bestBefore else { return true }
                    return x < y
                }
                if a.bought != b.bought { return a.bought < b.bought }
                return a.id < b.id
            }
        }
        // What uses of an amount still want when they found too little: taken from the lots that come later
        // (SPEC 23: a use dated before the lot, clocks apart), oldest use first.
        var owed: [Int] = []
        func take(_ wanted: Int) -> Int {
            var wanted = wanted
            for index in lots.indices where wanted > 0 {
                let taken = min(wanted, lots[index].left)
                lots[index].left -= taken
                wanted -= taken
            }
            return wanted
        }
        for line in lines.sorted(by: { $0.date != $1.date ? $0.date < $1.date : $0.id < $1.id }) {
            lots = sorted(lots)
            switch line {
            case .purchase(let id, let base, let date, let bestBefore),
                .add(let id, let base, let date, let bestBefore):
                let shelf = bestBefore ?? rules.keeps.map { Self.day(date) + $0 }
                lots.append(Lot(id: id, left: base, bought: date, bestBefore: shelf, opened: false))
                lots = sorted(lots)
                owed = owed.map(take).filter { $0 > 0 }
            case .open(_, let date):
                guard !lots.isEmpty else { break }
                lots[0].opened = true
                if let days = rules.keepsOpen {
                    let limit = Self.day(date) + days
                    lots[0].bestBefore = min(lots[0].bestBefore ?? limit, limit)
                }
            case .use(_, let base, _):
                let left = take(base ?? Int.max)
                if base != nil, left > 0 { owed.append(left) }
            }
            lots.removeAll { $0.left == 0 }
        }
        return sorted(lots)
    }

    /// The model's lots in the ledger's terms, to compare.
    static func lots(of stock: ItemStock?) -> [Lot] {
        (stock?.lots ?? []).map { lot in
            Lot(
                id: (lot.purchaseID?.description ?? lot.entryID?.description ?? ""),
                left: Int(lot.left.numerator / lot.left.denominator), bought: lot.bought.timeIntervalSince1970,
                bestBefore: lot.bestBefore?.number, opened: lot.opened != nil)
        }
    }
}
