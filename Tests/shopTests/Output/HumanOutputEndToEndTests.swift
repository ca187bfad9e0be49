import Foundation
import Testing

/// Human output through the real binary: colour rules, filters and the shape of each view.
@Suite struct HumanOutputEndToEndTests {
    private func sampleShop() throws -> ShopProcess {
        let shop = try ShopProcess()
        try shop.run(["sample"])
        return shop
    }

    @Test func colourOnlyWhenAskedOrOnATerminal() throws {
        let shop = try sampleShop()
        defer { shop.remove() }
        let piped = try shop.run(["list"])
        #expect(piped.status == 0 && !piped.stdout.contains("\u{1b}"), "a pipe gets no colour")
        let forced = try shop.run(["list", "--color", "always"])
        #expect(forced.stdout.contains("\u{1b}[38;5;"), "256 colours without COLORTERM")
        #expect(forced.stdout.contains("\u{1b}[9m"), "unavailable items struck through")
        let truecolor = try shop.run(["--color=always", "list"], environment: ["COLORTERM": "truecolor"])
        #expect(truecolor.stdout.contains("\u{1b}[38;2;"))
        let never = try shop.run(["list", "--color", "never"])
        #expect(never.stdout == piped.stdout)
        let text = try shop.run(["list", "--format", "text", "--color", "always"])
        #expect(!text.stdout.contains("\u{1b}"), "--format text is never coloured")
    }

    @Test func listViews() throws {
        let shop = try sampleShop()
        defer { shop.remove() }
        let dairy = try shop.run(["list", "--location", "dairy"])
        #expect(dairy.stdout.hasPrefix("Greek yogurt ×2"), "\(dairy)")
        #expect(dairy.stdout.hasSuffix("\nTotal: 21.47\n"), "\(dairy)")
        let grouped = try shop.run(["list", "--by-location"])
        #expect(grouped.stdout.hasPrefix("Entrance & Flowers (1)\n  Tulips (unavailable)\n"), "\(grouped)")
        #expect(grouped.stdout.contains("\nUnknown Location (1)\n  AA batteries\n"), "\(grouped)")
        let empty = try shop.run(["list", "--location", "seafood"])
        #expect(empty.status == 0 && empty.stdout.contains("Nothing on the list"), "\(empty)")
    }

    @Test func historyShowAndLocations() throws {
        let shop = try sampleShop()
        defer { shop.remove() }
        try shop.run(["buy", "milk"])
        let recent = try shop.run(["purchased", "milk", "--recent", "0"])
        #expect(recent.stdout.hasPrefix("Bought today\n  Milk ×2 ★"), "\(recent)")
        #expect(recent.stdout.contains("Earlier\n  Coconut milk"), "\(recent)")
        let show = try shop.run(["show", "milk"])
        #expect(show.stdout.contains("Note:         2% in the blue carton"), "\(show)")
        let locations = try shop.run(["locations"])
        #expect(locations.stdout.hasPrefix(" 1  Entrance & Flowers     3 items  1 on list\n"), "\(locations)")
        let location = try shop.run(["location", "show", "bakery"])
        #expect(location.stdout.contains("Sourdough loaf"), "\(location)")
        let timer = try shop.run(["timer"])
        #expect(timer.stdout == "Stopped: 00:00\n", "\(timer)")
    }
}
