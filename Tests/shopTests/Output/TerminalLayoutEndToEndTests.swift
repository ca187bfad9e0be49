import Foundation
import ShopTools
import Testing

@testable import shop

/// Every aligned view under a real pseudo-terminal 40 and 80 cells wide, with wide (CJK, fullwidth,
/// emoji), combining and very long names: columns line up in cells, no line is wider than the terminal,
/// names give way first and end in `…`, prices, quantities and dates stay whole.
@Suite("Terminal layouts")
struct TerminalLayoutEndToEndTests {
    static let views = [
        "list", "list --by-location", "purchased", "purchased --recent 3", "locations", "show organic",
        "location show dairy", "list --format text",
    ]

    @Test("each view at 40 and 80 cells", arguments: [40, 80], views)
    func layout(columns: Int, view: String) throws {
        let shop = try ShopProcess()
        defer { shop.remove() }
        try TerminalFixture.install(in: shop)
        let arguments = view.split(separator: " ").map(String.init) + ["--color", "never"]
        let outcome = try shop.runInTerminal(arguments, columns: columns, environment: TerminalFixture.environment)
        #expect(outcome.status == 0 && outcome.stderr.isEmpty, "\(outcome)")
        let expected = try #require(Self.expected["\(columns) \(view)"])
        #expect(outcome.stdout == expected, "\(columns) \(view)\n\(outcome.stdout)")
        let lines = outcome.stdout.split(separator: "\n", omittingEmptySubsequences: false)
        for line in lines { #expect(cellWidth(of: line) <= columns, "\(line)") }
        // Prices end in one column, whatever the script of the names before them (in the views with a
        // price column: not an item's own page, not the script formats).
        if !view.hasPrefix("show") && !view.contains("--format") {
            var ends: Set<Int> = []
            for line in lines where !line.hasPrefix("Total") {
                if let price = line.firstMatch(of: #/ +\d+\.\d\d(  |$)/#) {
                    ends.insert(cellWidth(of: line[..<price.range.upperBound]) - price.output.1.count)
                }
            }
            #expect(ends.count == (view == "locations" ? 0 : 1), "price column ends at \(ends)")
        }
    }

    /// What the views print (TZ=UTC): fixed by ``TerminalFixture``'s ids and dates.
    static let expected: [String: String] = [
        "40 list": """
        Crème f… (unavailable)         Dairy
        Milk ×2 ★                2.50  Dairy
        牛乳 (Hokkaido whole …   3.50  Dairy
        👨‍👩‍👧 family pack of 🥛    12.00  野菜 Veg…
        Organic free-rang… ×12   4.20  Épicerie…
        김치                           Unknown …

        Total: 22.20

        """,
        "40 list --by-location": """
        Dairy (3)
          Crème fraîche (unavailable)
          Milk ×2 ★                         2.50
          牛乳 (Hokkaido whole milk, ext…   3.50
        野菜 Vegetables (1)
          👨‍👩‍👧 family pack of 🥛             12.00
        Épicerie fine et produits régionaux… (1)
          Organic free-range pasture… ×12   4.20
        Unknown Location (1)
          김치

        Total: 22.20

        """,
        "40 purchased": """
        Bread                   2026-11-20  2.00
        ｆｕｌｌｗｉｄｔｈ … ★  2026-10-01  4.20
        ラーメン                never

        Total: 6.20

        """,
        "40 purchased --recent 3": """
        Bought in the last 3 days
          Bread                 2026-11-20  2.00
        Earlier
          ｆｕｌｌｗｉｄｔ… ★   2026-10-01  4.20
          ラーメン              never

        Total: 6.20

        """,
        "40 locations": """
        10  Dairy             3 items  3 on list
        20  野菜 Vegetables   3 items  1 on list
        30  Épicerie fine e…  2 items  1 on list
         –  Unknown Location  1 item   1 on list

        """,
        "40 show organic": """
        Organic free-range pasture-raised brown…
          Quantity:     12
          Location:     Épicerie fine et produi…
          On list:      yes
          Last bought:  never
          Available:    yes
          Starred:      no
          Price:        0.35 each, 4.20 for 12
          Note:         none
          Every:        none
          ID:           00000000-0000-4000-8000…

        """,
        "40 location show dairy": """
        Dairy
          Order:   10
          Colour:  #90caf9ff
          Items:   3 items, 3 on list
          ID:      00000000-0000-4000-9000-0000…

          Crème… (unavailable)  on list
          Milk ×2 ★             on list     2.50
          牛乳 (Hokkaido whol…  on list     3.50

        """,
        "40 list --format text": """
        Shopping list (6 items)

        Dairy (3)
          Crème fraîche (unavailable)
          Milk (x2)  2.50
          牛乳 (Hokkaido whole milk, extr…  3.50

        野菜 Vegetables (1)
          👨‍👩‍👧 family pack of 🥛  12.00

        Épicerie fine et produits régionaux… (1)
          Organic free-range pastur… (x12)  4.20

        Unknown Location (1)
          김치

        Total: 22.20

        """,
        "80 list": """
        Crème fr… (unavailable)         Dairy
        Milk ×2 ★                 2.50  Dairy
        牛乳 (Hokkaido whole m…   3.50  Dairy
        👨‍👩‍👧 family pack of 🥛     12.00  野菜 Vegetables
        Organic free-range… ×12   4.20  Épicerie fine et produits régionaux de France 🇫🇷
        김치                            Unknown Location

        Total: 22.20

        """,
        "80 list --by-location": """
        Dairy (3)
          Crème fraîche (unavailable)
          Milk ×2 ★                                  2.50
          牛乳 (Hokkaido whole milk, extra creamy)   3.50
        野菜 Vegetables (1)
          👨‍👩‍👧 family pack of 🥛                      12.00
        Épicerie fine et produits régionaux de France 🇫🇷 (1)
          Organic free-range pasture-raised b… ×12   4.20
        Unknown Location (1)
          김치

        Total: 22.20

        """,
        "80 purchased": """
        Bread                           2026-11-20  2.00
        ｆｕｌｌｗｉｄｔｈ ｔｅａ 🇯🇵 ★  2026-10-01  4.20
        ラーメン                        never

        Total: 6.20

        """,
        "80 purchased --recent 3": """
        Bought in the last 3 days
          Bread                           2026-11-20  2.00
        Earlier
          ｆｕｌｌｗｉｄｔｈ ｔｅａ 🇯🇵 ★  2026-10-01  4.20
          ラーメン                        never

        Total: 6.20

        """,
        "80 locations": """
        10  Dairy                                     3 items  3 on list
        20  野菜 Vegetables                           3 items  1 on list
        30  Épicerie fine et produits régionaux de France 🇫🇷  2 items  1 on list
         –  Unknown Location                          1 item   1 on list  (unknown)

        """,
        "80 show organic": """
        Organic free-range pasture-raised brown eggs from the little farm down the road…
          Quantity:     12
          Location:     Épicerie fine et produits régionaux de France 🇫🇷 (you set it)
          On list:      yes
          Last bought:  never
          Available:    yes
          Starred:      no
          Price:        0.35 each, 4.20 for 12
          Note:         none
          Every:        none
          ID:           00000000-0000-4000-8000-000000000015

        """,
        "80 location show dairy": """
        Dairy
          Order:   10
          Colour:  #90caf9ff
          Items:   3 items, 3 on list
          ID:      00000000-0000-4000-9000-000000000001

          Crème fraîche (unavailable)               on list
          Milk ×2 ★                                 on list     2.50
          牛乳 (Hokkaido whole milk, extra creamy)  on list     3.50

        """,
        "80 list --format text": """
        Shopping list (6 items)

        Dairy (3)
          Crème fraîche (unavailable)
          Milk (x2)  2.50
          牛乳 (Hokkaido whole milk, extra creamy)  3.50

        野菜 Vegetables (1)
          👨‍👩‍👧 family pack of 🥛  12.00

        Épicerie fine et produits régionaux de France 🇫🇷 (1)
          Organic free-range pasture-raised brown eggs from the little farm… (x12)  4.20

        Unknown Location (1)
          김치

        Total: 22.20

        """,
    ]
}
