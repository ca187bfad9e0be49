import Foundation
import ShopFormatsTests
import ShopHistory
import ShopSharing
import Testing

@testable import ShopFormats
@testable import ShopModel

/// Two devices using the same lot at once (SPEC section 18): their stock entries merge by id through the
/// purchase log's merge (the path `sync` takes), and both devices then compute the same stock.
@Suite struct StockMergeTests {
    static let start = Date(timeIntervalSince1970: 1_795_000_000)

    /// A list with cheese kept in stock and one lot of 500 g bought, its log loaded.
    static func base() throws -> (Workspace, Item.ID) {
        let unknown = Location.makeUnknown()
        var cheese = Item(name: "cheese", onList: false, locationID: unknown.id)
        cheese.stock = true
        cheese.keepsOpen = 4
        var list = Workspace(try ShoppingList(items: [cheese], locations: [unknown]), PurchaseLog())
        list.log.add(
            Purchase(
                itemID: cheese.id, name: "cheese", date: start,
                amount: Amount(ExactNumber(whole: 500), MeasureUnit(parsing: "g")!), price: nil,
                lineTotal: Price(cents: 1000)))
        return (list, cheese.id)
    }

    static func grams(_ grams: Int) -> Amount.Part {
        Amount.Part(quantity: ExactNumber(whole: grams), unit: MeasureUnit(parsing: "g")!)
    }

    @Test func twoDevicesUsingOneLotConverge() throws {
        let (base, cheese) = try Self.base()
        var laptop = base
        var phone = base
        _ = try laptop.log.use(
            [cheese], of: laptop.list, amount: Self.grams(200), spoiled: false, at: Self.start + 3600, by: "laptop")
        _ = try phone.log.use(
            [cheese], of: phone.list, amount: Self.grams(250), spoiled: false, at: Self.start + 1800, by: "phone")
        _ = try phone.log.open(cheese, of: phone.list, at: Self.start + 2000, by: "phone")
        _ = try phone.log.use(
            [cheese], of: phone.list, amount: Self.grams(100), spoiled: true, at: Self.start + 7200, by: "phone")
        // Each device merges the other's log into its own, as `sync` does on each side.
        let onLaptop = Workspace.merge(base: base, ours: laptop, theirs: phone)
        let onPhone = Workspace.merge(base: base, ours: phone, theirs: laptop)
        let left = onLaptop.stockLedger(calendar: .utc).items[cheese]
        #expect(left == onPhone.stockLedger(calendar: .utc).items[cheese])
        // 500 g: 250 g (phone), then opened, 200 g (laptop), then 50 g of the 100 g thrown away.
        #expect(left?.lots.isEmpty == true)
        #expect(left?.spoiled.map(\.part) == [Self.grams(50)])
        #expect(left?.spoiled.first?.cost == Price(cents: 100))
        #expect(onLaptop.log.stockEntries.count == 4 && onPhone.log.stockEntries.count == 4)
        // A second round of merges changes nothing.
        let again = Workspace.merge(base: onPhone, ours: onLaptop, theirs: onPhone)
        #expect(again.log.stockEntries.count == 4)
        #expect(again.stockLedger(calendar: .utc).items[cheese] == left)
    }

    @Test func anUnbuyOnOneDeviceTakesAnEarlierUseFromTheLotsThatRemain() throws {
        var (base, cheese) = try Self.base()
        base.log.add(
            Purchase(
                itemID: cheese, name: "cheese", date: Self.start + 60,
                amount: Amount(ExactNumber(whole: 300), MeasureUnit(parsing: "g")!), price: nil, lineTotal: nil))
        var laptop = base
        var phone = base
        _ = try phone.log.use(
            [cheese], of: phone.list, amount: Self.grams(600), spoiled: false, at: Self.start + 600, by: "phone")
        // The laptop unbuys the first lot (by id, as `unbuy` deletes a purchase).
        laptop.log.delete(base.log.purchases[0].id)
        let onLaptop = Workspace.merge(base: base, ours: laptop, theirs: phone)
        let onPhone = Workspace.merge(base: base, ours: phone, theirs: laptop)
        let stock = onLaptop.stockLedger(calendar: .utc).items[cheese]
        #expect(stock == onPhone.stockLedger(calendar: .utc).items[cheese])
        #expect(stock?.lots.isEmpty == true)
    }

    @Test func stockEntriesSurviveTheLogFile() throws {
        let (base, cheese) = try Self.base()
        var list = base
        _ = try list.log.use(
            [cheese], of: list.list, amount: Self.grams(120), spoiled: true, at: Self.start + 5, by: "phone")
        _ = try list.log.open(cheese, of: list.list, at: Self.start + 6, by: nil)
        _ = try list.log.stockAdd(
            cheese, of: list.list, amount: 2, bestBefore: CalendarDay(number: 20_800), at: Self.start + 7, by: nil)
        let bytes = PurchaseLogFile.lines(added: list.log.purchases, deleted: [], stock: list.log.stockEntries)
        let contents = try PurchaseLogFile.contents(bytes, path: "log")
        #expect(PurchaseLogFile.liveStock(contents) == list.log.stockEntries)
        #expect(PurchaseLogFile.live(contents) == list.log.purchases)
    }
}
