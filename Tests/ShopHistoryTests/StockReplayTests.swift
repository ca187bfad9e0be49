import Foundation
import ShopHistory
import ShopJSON
import ShopModel
import ShopModelTests
import ShopTestSupport
import Testing

/// SPEC section 18, judged by a seeded replay: 1,000 random `buy`/`use`/`open`/`stock add`/`unbuy`
/// operations on a few items with mixed units (grams and kilograms, millilitres and litres, pieces) give
/// exactly the stock that the reference model (``StockModel``) gives, lot by lot, after every operation.
/// Dates are drawn out of order (receipts and uses entered later), so the replay by date-time and id is
/// what is compared, not the order of the calls.
@Suite struct StockReplayTests {
    struct Kept {
        let id: Item.ID
        let units: [String]
        let rules: StockModel.Rules
    }

    static let grams = MeasureUnit(parsing: "g")!

    static func part(_ base: Int, in symbol: String, sizes: [String: Int]) -> Amount.Part {
        let size = sizes[symbol]!
        let unit = symbol == "" ? MeasureUnit.count : MeasureUnit(parsing: symbol)!
        return Amount.Part(quantity: ExactNumber(numerator: Int128(base), denominator: Int128(size))!, unit: unit)
    }

    static func list() throws -> (ShoppingList, [Kept]) {
        let unknown = Location.makeUnknown()
        var cheese = Item(name: "cheese", locationID: unknown.id)
        cheese.stock = true
        cheese.keeps = 20
        cheese.keepsOpen = 5
        var milk = Item(name: "milk", locationID: unknown.id)
        milk.stock = true
        milk.keeps = 7
        milk.keepsOpen = 3
        var eggs = Item(name: "eggs", locationID: unknown.id)
        eggs.stock = true
        let list = try ShoppingList(items: [cheese, milk, eggs], locations: [unknown])
        return (
            list,
            [
                Kept(
                    id: cheese.id, units: ["g", "kg"],
                    rules: .init(keeps: 20, keepsOpen: 5, unitSizes: ["g": 1, "kg": 1000])),
                Kept(
                    id: milk.id, units: ["ml", "l"],
                    rules: .init(keeps: 7, keepsOpen: 3, unitSizes: ["ml": 1, "l": 1000])),
                Kept(id: eggs.id, units: [""], rules: .init(keeps: nil, keepsOpen: nil, unitSizes: ["": 1])),
            ]
        )
    }

    @Test(arguments: [1, 2] as [UInt64])
    func aThousandRandomOperationsMatchTheModel(seed: UInt64) throws {
        var log = PurchaseLog()
        var random = SeededGenerator(seed: seed)
        let (list, kept) = try Self.list()
        var models = kept.map { StockModel(rules: $0.rules) }
        let start = 1_795_000_000.0
        var checked = 0
        for step in 0..<1000 {
            let which = Int.random(in: 0..<kept.count, using: &random)
            let item = kept[which]
            let sizes = item.rules.unitSizes
            // Mostly forward in time, sometimes an entry dated days earlier.
            let date = Date(
                timeIntervalSince1970: (start + Double(step) * 5_000 - Double(Int.random(in: 0..<4, using: &random))
                    * 40_000)
                    .rounded())
            let symbol = item.units.randomElement(using: &random)!
            let base = Int.random(in: 1...6, using: &random)
            // 50 to 300 g or ml, 0.25 to 1.5 kg or l, 1 to 6 pieces: all whole base units.
            let baseAmount = symbol == "" ? base : base * (sizes[symbol]! == 1 ? 50 : 250)
            let typed = Self.part(baseAmount, in: symbol, sizes: sizes)
            switch Int.random(in: 0..<10, using: &random) {
            case 0...2:  // buy, sometimes with a best-before
                let bestBefore = Bool.random(using: &random) ? StockModel.day(date.timeIntervalSince1970) + 3 : nil
                let purchase = Purchase(
                    itemID: item.id, name: "x", date: date, amount: Amount(parts: [typed]), price: nil, lineTotal: nil,
                    bestBefore: bestBefore.map(CalendarDay.init(number:)))
                log.add(purchase)
                models[which].lines.append(
                    .purchase(
                        id: purchase.id.description, base: baseAmount, date: date.timeIntervalSince1970,
                        bestBefore: bestBefore))
            case 3...5:  // use an amount, all of it, or in another family (refused while something is at home)
                let all = Int.random(in: 0..<6, using: &random) == 0
                let foreign = Int.random(in: 0..<8, using: &random) == 0
                let asked =
                    foreign
                    ? Amount.Part(quantity: .one, unit: which == 0 ? MeasureUnit(parsing: "l")! : Self.grams) : typed
                let atHome = !models[which].lots().isEmpty
                // A use logs no more than is at home (SPEC 23).
                let logged = min(baseAmount, models[which].total())
                let before = log.stockEntries.count
                do {
                    let outcome = try log.use(
                        [item.id], of: list, amount: all ? nil : asked, spoiled: Bool.random(using: &random), at: date,
                        by: nil,
                        calendar: .utc)
                    #expect(!(foreign && !all && atHome), "step \(step): another family was not refused")
                    #expect(outcome[0].logged == atHome, "step \(step)")
                    if atHome, let entry = log.stockEntries.last {
                        models[which].lines.append(
                            .use(
                                id: entry.id.description, base: all ? nil : logged,
                                date: entry.date.timeIntervalSince1970))
                    }
                } catch {
                    #expect(
                        foreign && atHome
                            && error
                                == .otherFamily(
                                    item: list.item(item.id)!.name, asked: Amount(parts: [asked]).description,
                                    atHome: log.stockLedger(of: list, calendar: .utc).items[item.id]!.total
                                        .description),
                        "step \(step): \(error)")
                    #expect(log.stockEntries.count == before, "a refusal logs nothing")
                }
            case 6:
                let atHome = !models[which].lots().isEmpty
                do {
                    _ = try log.open(item.id, of: list, at: date, by: nil, calendar: .utc)
                    let entry = try #require(log.stockEntries.last)
                    models[which].lines.append(.open(id: entry.id.description, date: entry.date.timeIntervalSince1970))
                    #expect(atHome)
                } catch {
                    #expect(
                        !atHome
                            && (error as? HistoryError) == .nothingToOpen(item: list.item(item.id)!.name))
                }
            case 7...8:
                let bestBefore = Bool.random(using: &random) ? StockModel.day(date.timeIntervalSince1970) + 2 : nil
                let entry = try log.stockAdd(
                    item.id, of: list, amount: Amount(parts: [typed]),
                    bestBefore: bestBefore.map(CalendarDay.init(number:)),
                    at: date, by: nil)
                models[which].lines.append(
                    .add(
                        id: entry.id.description, base: baseAmount, date: entry.date.timeIntervalSince1970,
                        bestBefore: bestBefore))
            default:  // unbuy: the purchase logged last goes, and its lot with it
                if let last = log.purchases.last(where: { $0.itemID == item.id }) {
                    log.delete(last.id)
                    models[which].lines.removeAll { $0.id == last.id.description }
                }
            }
            let ledger = log.stockLedger(of: list, calendar: .utc)
            for (index, one) in kept.enumerated() {
                let expected = models[index].lots()
                let actual = StockModel.lots(of: ledger.items[one.id])
                #expect(actual == expected, "seed \(seed) step \(step) item \(index): \(actual) vs \(expected)")
                if actual != expected { return }
            }
            checked += 1
        }
        #expect(checked == 1000)
    }
}
