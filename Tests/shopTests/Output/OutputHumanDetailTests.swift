import Foundation
import ShopKit
import Testing

@testable import shop

@Suite struct OutputHumanDetailTests {
    let zone = DisplayZone.fixed(hours: 1)

    @Test func purchasedInNameOrder() throws {
        let fixture = try OutputFixture()
        let output = HumanOutput.purchased(fixture.list.history(), in: fixture.list, style: .plain, zone: zone)
        #expect(
            output == """
                Bread   2026-11-01
                Yogurt  2026-11-20

                """)
    }

    @Test func purchasedWithPricesAndNever() throws {
        var log = PurchaseLog()
        var fixture = try OutputFixture()
        _ = try fixture.list.buy([fixture.id("Milk")], at: OutputFixture.now, log: &log)
        let items = fixture.list.nameOrder([fixture.item("Milk"), fixture.item("Bananas"), fixture.item("Bread")])
        let output = HumanOutput.purchased(items, in: fixture.list, style: .plain, zone: zone)
        #expect(
            output == """
                Bananas (unavailable)  never
                Bread                  2026-11-01
                Milk ×2 ★              2026-11-22  2.50

                Total: 2.50

                """)
    }

    @Test func purchasedRecentSections() throws {
        let fixture = try OutputFixture()
        let history = fixture.list.history()
        let split = ShoppingList.splitRecent(history, days: 3, now: OutputFixture.now, calendar: zone.calendar)
        let output = HumanOutput.purchased(
            recent: split.recent, earlier: split.earlier, days: 3, in: fixture.list, style: .plain, zone: zone)
        #expect(
            output == """
                Bought in the last 3 days
                  Yogurt  2026-11-20
                Earlier
                  Bread   2026-11-01

                """)
        let today = HumanOutput.purchased(
            recent: [], earlier: history, days: 0, in: fixture.list, style: .plain, zone: zone)
        #expect(today.hasPrefix("Bought today\n  (none)\nEarlier\n"))
    }

    @Test func emptyHistory() throws {
        let fixture = try OutputFixture()
        #expect(HumanOutput.purchased([], in: fixture.list, style: .plain, zone: zone) == "Nothing purchased yet.\n")
        #expect(
            HumanOutput.purchased([], in: fixture.list, style: .plain, zone: zone, search: "kiwi")
                == "No purchased item matches \"kiwi\".\n")
    }

    @Test func datesFollowTheZone() throws {
        let fixture = try OutputFixture()
        let late = Item(
            name: "x", dateLastPurchased: Date(timeIntervalSince1970: 1_795_305_600 - 1), locationID: fixture.dairy.id)
        // 2026-11-21T23:59:59Z is still the 21st in UTC, already the 22nd at UTC+1.
        #expect(DisplayZone.utc.day(late.dateLastPurchased!) == "2026-11-21")
        #expect(zone.day(late.dateLastPurchased!) == "2026-11-22")
    }

    @Test func showOneItemInFull() throws {
        let fixture = try OutputFixture()
        let batteries = fixture.item("Batteries")
        let output = HumanOutput.item(batteries, in: fixture.list, style: .plain, zone: zone)
        #expect(
            output == """
                Batteries
                  Quantity:     1
                  Location:     Unknown Location
                  On list:      yes
                  Last bought:  never
                  Available:    yes
                  Starred:      no
                  Price:        5.00
                  Note:         AA, 4-pack
                  Every:        30 days
                  ID:           \(batteries.id)

                """)
        let milk = HumanOutput.item(fixture.item("Milk"), in: fixture.list, style: .plain, zone: zone)
        #expect(milk.contains("  Price:        1.25 each, 2.50 for 2\n"))
        #expect(milk.contains("  Starred:      yes\n"))
        let yogurt = HumanOutput.item(fixture.item("Yogurt"), in: fixture.list, style: .plain, zone: zone)
        #expect(yogurt.contains("  On list:      no\n  Last bought:  2026-11-20\n"))
        #expect(yogurt.contains("  Note:         none\n"))
    }

    @Test func locationsTable() throws {
        let fixture = try OutputFixture()
        let output = HumanOutput.locations(in: fixture.list, style: .plain)
        #expect(
            output == """
                 5  Produce           2 items  2 on list
                10  Dairy             2 items  1 on list
                20  Bakery            1 item   0 on list
                 –  Unknown Location  1 item   1 on list  (unknown)

                """)
    }

    @Test func locationsTableColoured() throws {
        let fixture = try OutputFixture()
        let output = HumanOutput.locations(in: fixture.list, style: .truecolor)
        #expect(output.hasPrefix(" 5  \u{1b}[38;2;67;160;71m●\u{1b}[0m Produce  "))
        #expect(output.hasSuffix("1 on list  \u{1b}[2m(unknown)\u{1b}[0m\n"))
    }

    @Test func locationShow() throws {
        let fixture = try OutputFixture()
        let output = HumanOutput.location(fixture.dairy, in: fixture.list, style: .plain, zone: zone)
        #expect(
            output == """
                Dairy
                  Order:   10
                  Colour:  #1e88e5ff
                  Items:   2 items, 1 on list
                  ID:      \(fixture.dairy.id)

                  Milk ×2 ★  on list     2.50
                  Yogurt     2026-11-20

                """)
        let unknown = HumanOutput.location(fixture.list.unknownLocation, in: fixture.list, style: .plain, zone: zone)
        #expect(unknown.contains("  Order:   – (the Unknown Location, always last)\n"))
    }
}
