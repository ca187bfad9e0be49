import Foundation
import ShopKit
import Testing

@testable import shop

/// The renderers with a width: every line fits, at any width and colour depth; without one, nothing changes.
@Suite("Fitting output to a width")
struct OutputFittingTests {
    /// Every human view of `list`, rendered with `style`.
    private func views(_ list: ShoppingList, style: TerminalStyle) -> [String: String] {
        let zone = DisplayZone(utcOffsetSeconds: { _ in 0 })
        let onList = list.walkingOrder(list.items.filter(\.onList))
        let history = list.history(matching: nil)
        let split = ShoppingList.splitRecent(history, days: 3, now: OutputFixture.now, calendar: zone)
        var views = [
            "list": HumanOutput.list(list.view(of: onList, at: nil), in: list, style: style),
            "by location": HumanOutput.listByLocation(list.view(of: onList, at: nil), in: list, style: style),
            "purchased": HumanOutput.purchased(history, in: list, style: style, zone: zone),
            "recent": HumanOutput.purchased(
                recent: split.recent, earlier: split.earlier, days: 3, in: list, style: style, zone: zone),
            "locations": HumanOutput.locations(in: list, style: style),
            "text": ScriptOutput.text(list.view(of: onList, at: nil), width: style.width),
        ]
        for item in list.items {
            views["show \(item.name)"] = HumanOutput.item(item, in: list, style: style, zone: zone)
        }
        for location in list.locations {
            views["location \(location.name)"] = HumanOutput.location(location, in: list, style: style, zone: zone)
        }
        return views
    }

    private func lists() throws -> [ShoppingList] {
        var wide = try OutputFixture().list
        let dairy = try #require(wide.locations.first { $0.name == "Dairy" })
        _ = try wide.add(
            ["牛乳と卵とパンと🥛👨‍👩‍👧 " + String(repeating: "ｗｉｄｅ ", count: 20)],
            applying: ItemChanges(
                quantity: 9999, locationID: dairy.id, price: .set(Price(cents: 99_999_999)!), starred: true))
        _ = try wide.addLocation(named: String(repeating: "Lo\u{301}ng ", count: 30), order: 1, color: nil)
        return [try OutputFixture().list, wide, try hostileList()]
    }

    @Test("every line fits", arguments: [TerminalStyle.plain, .ansi256, .truecolor])
    func everyLineFits(style: TerminalStyle) throws {
        for list in try lists() {
            for width in [1, 2, 7, 15, 24, 33, 40, 57, 80, 120] {
                for (name, text) in views(list, style: style.fitting(width)) {
                    for line in text.split(separator: "\n") {
                        #expect(CellText.visibleWidth(String(line)) <= width, "\(name) at \(width): \(line)")
                    }
                    // Escape sequences stay balanced: a cut line still ends with its colour reset.
                    if style.usesColor, text.contains("…\u{1b}") { #expect(text.contains("…\u{1b}[0m")) }
                }
            }
        }
    }

    @Test("without a width nothing is cut", arguments: [TerminalStyle.plain, .truecolor])
    func noWidthNoCut(style: TerminalStyle) throws {
        for list in try lists() {
            for (name, text) in views(list, style: style) where !name.hasPrefix("show") {
                #expect(!text.contains("…"), "\(name)")
            }
        }
    }

    @Test func theNameColumnGivesWayBeforeTheTail() throws {
        // Labels up to 40 cells; the widest "(unavailable)" label needs 21 cells to keep 8 of its name;
        // the price column takes 15 cells with its gap.
        let list = try lists()[1]
        let items = list.walkingOrder(list.items.filter(\.onList))
        func label(_ width: Int?) -> Int {
            HumanOutput.columns(items, style: TerminalStyle.plain.fitting(width), other: 0, tail: 20).label
        }
        #expect(HumanOutput.columns(items, style: .plain, other: 0, tail: 20).priceBlock == 15)
        #expect(label(nil) == 40)
        #expect(label(80) == 40, "room for everything")
        #expect(label(60) == 25, "the names give way first")
        #expect(label(50) == 21, "down to their minimum; the tail is cut line by line after that")
        #expect(label(30) == 15, "below the minimum only when the fixed columns leave no more")
    }
}
