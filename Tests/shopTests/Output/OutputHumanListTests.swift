import Foundation
import ShopKit
import Testing

@testable import shop

@Suite struct OutputHumanListTests {
    @Test func plainListInWalkingOrder() throws {
        let fixture = try OutputFixture()
        let output = HumanOutput.list(fixture.list.view(of: fixture.onList, at: nil), in: fixture.list, style: .plain)
        #expect(
            output == """
                Apples ×3              1.50  Produce
                Bananas (unavailable)        Produce
                Milk ×2 ★              2.50  Dairy
                Batteries              5.00  Unknown Location

                Total: 9.00

                """)
    }

    @Test func colouredListHasSwatchesStrikeAndDimLocations() throws {
        let fixture = try OutputFixture()
        let output = HumanOutput.list(
            fixture.list.view(of: fixture.onList, at: nil), in: fixture.list, style: .truecolor)
        let lines = output.split(separator: "\n", omittingEmptySubsequences: false)
        #expect(lines[0] == "\u{1b}[38;2;67;160;71m●\u{1b}[0m Apples ×3  1.50  \u{1b}[2mProduce\u{1b}[0m")
        #expect(
            lines[1] == "\u{1b}[38;2;67;160;71m●\u{1b}[0m \u{1b}[9mBananas\u{1b}[0m          \u{1b}[2mProduce\u{1b}[0m")
        #expect(lines[2] == "\u{1b}[38;2;30;136;229m●\u{1b}[0m Milk ×2 ★  2.50  \u{1b}[2mDairy\u{1b}[0m")
        #expect(lines[3] == "\u{1b}[38;2;158;158;158m●\u{1b}[0m Batteries  5.00  \u{1b}[2mUnknown Location\u{1b}[0m")
        #expect(lines[4...] == ["", "Total: 9.00", ""])
    }

    @Test func the256ColourListUsesPaletteIndexes() throws {
        let fixture = try OutputFixture()
        let output = HumanOutput.list(fixture.list.view(of: fixture.onList, at: nil), in: fixture.list, style: .ansi256)
        #expect(output.hasPrefix("\u{1b}[38;5;71m●\u{1b}[0m Apples ×3"))
        #expect(!output.contains("38;2;"))
    }

    @Test func byLocation() throws {
        let fixture = try OutputFixture()
        let output = HumanOutput.listByLocation(
            fixture.list.view(of: fixture.onList, at: nil), in: fixture.list, style: .plain)
        #expect(
            output == """
                Produce (2)
                  Apples ×3              1.50
                  Bananas (unavailable)
                Dairy (1)
                  Milk ×2 ★              2.50
                Unknown Location (1)
                  Batteries              5.00

                Total: 9.00

                """)
    }

    @Test func byLocationColouredHeaders() throws {
        let fixture = try OutputFixture()
        let output = HumanOutput.listByLocation(
            fixture.list.view(of: fixture.onList, at: nil), in: fixture.list, style: .truecolor)
        #expect(
            output.hasPrefix(
                "\u{1b}[38;2;67;160;71m●\u{1b}[0m \u{1b}[1mProduce\u{1b}[0m (2)\n  \u{1b}[38;2;67;160;71m●"))
    }

    @Test func noTotalWithoutPrices() throws {
        let fixture = try OutputFixture()
        let output = HumanOutput.list(
            fixture.list.view(of: [fixture.item("Bananas")], at: nil), in: fixture.list, style: .plain)
        #expect(output == "Bananas (unavailable)  Produce\n")
    }

    @Test func emptyListIsFriendly() throws {
        let fixture = try OutputFixture()
        let expected = "Nothing on the list.\nAdd something with: shop add NAME\n"
        #expect(HumanOutput.list(fixture.list.view(of: [], at: nil), in: fixture.list, style: .plain) == expected)
        #expect(
            HumanOutput.listByLocation(fixture.list.view(of: [], at: nil), in: fixture.list, style: .truecolor)
                == expected)
    }

    @Test func timer() {
        let now = OutputFixture.now
        #expect(HumanOutput.timer(StoreTimer(), now: now) == "Stopped: 00:00\n")
        #expect(HumanOutput.timer(StoreTimer(accumulatedSeconds: 754), now: now) == "Stopped: 12:34\n")
        let running = StoreTimer(accumulatedSeconds: 60, startedAt: now.addingTimeInterval(-3663))
        #expect(HumanOutput.timer(running, now: now) == "Running: 1:02:03\n")
    }
}
