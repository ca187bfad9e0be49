import Foundation
import ShopKit
import Testing

@testable import shop

@Suite struct OutputEscapeTests {
    // The escaping itself is ShopKit's (Escape); its tests are Tests/ShopModelTests/Domain/EscapeTests.swift.

    @Test func hostileNamesNeverReachTheTerminalRaw() throws {
        let list = try hostileList()
        let items = list.walkingOrder(list.items)
        let zone = DisplayZone.utc
        var outputs = [
            HumanOutput.list(list.view(of: items, at: nil), in: list, style: .truecolor),
            HumanOutput.listByLocation(list.view(of: items, at: nil), in: list, style: .ansi256),
            HumanOutput.list(list.view(of: items, at: nil), in: list, style: .plain),
            HumanOutput.locations(in: list, style: .truecolor),
            HumanOutput.location(list.location(of: items[0]), in: list, style: .truecolor, zone: zone),
            HumanOutput.purchased(items, in: list, style: .truecolor, zone: zone, search: "\u{1b}x"),
            ListFormat.text.render(list.view(of: items, at: nil), in: list),
            ListFormat.markdown.render(list.view(of: items, at: nil), in: list),
        ]
        outputs += items.map { HumanOutput.item($0, in: list, style: .truecolor, zone: zone) }
        for output in outputs {
            // Colour sequences are ours; strip them, then no control character may remain but line ends.
            let stripped = output.replacing(/\x{1b}\[[0-9;]*m/, with: "")
            let controls = stripped.unicodeScalars.filter { Validation.isControl($0) && $0 != "\n" }
            #expect(controls.isEmpty, "raw control characters in: \(output.debugDescription)")
            #expect(output.contains("\\e"))
        }
        let empty = HumanOutput.purchased([], in: list, style: .plain, zone: zone, search: "\u{1b}x")
        #expect(empty == "No purchased item matches \"\\ex\".\n")
    }
}
