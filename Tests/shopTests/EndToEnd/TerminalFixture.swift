import Foundation

/// A data file whose names are hard to lay out: CJK, Hangul, emoji (a ZWJ family and a flag), decomposed
/// accents (combining marks), and a name far longer than any terminal line. Ids and dates are fixed, so
/// every view has one exact expected text.
enum TerminalFixture {
    /// A name longer than any line at 80 cells.
    static let longName =
        "Organic free-range pasture-raised brown eggs from the little farm down the road, large, dozen"

    /// The moment every view of the fixture is seen (`SHOP_NOW`): its purchase dates are fixed, so views
    /// that count days back from today (`purchased --recent 3`) must see a fixed today too.
    static let environment = ["SHOP_NOW": "2026-11-22T12:00:00Z"]

    /// Writes the data file of `shop` (TZ is UTC in ``ShopProcess``, so the days below are the days shown).
    static func install(in shop: ShopProcess) throws {
        try FileManager.default.createDirectory(
            at: shop.dataFile.deletingLastPathComponent(), withIntermediateDirectories: true)
        try Data(json.utf8).write(to: shop.dataFile)
    }

    private static func item(
        _ number: Int, _ name: String, location: Int, quantity: Int = 1, onList: Bool = true, available: Bool = true,
        price: String = "null", starred: Bool = false, bought: String? = nil
    ) -> String {
        """
            {
              "dateLastPurchased" : \(bought.map { "\"\($0)T10:00:00Z\"" } ?? "null"),
              "id" : "00000000-0000-4000-8000-0000000000\(10 + number)",
              "isAvailable" : \(available),
              "locationId" : "00000000-0000-4000-9000-00000000000\(location)",
              "name" : "\(name)",
              "onList" : \(onList),
              "price" : \(price),
              "quantity" : \(quantity),
              "starred" : \(starred)
            }
        """
    }

    private static func location(_ number: Int, _ name: String, order: Int, color: String, unknown: Bool = false)
        -> String
    {
        """
            {
              "color" : "\(color)",
              "id" : "00000000-0000-4000-9000-00000000000\(number)",
              "isUnknown" : \(unknown),
              "name" : "\(name)",
              "visitationOrder" : \(order)
            }
        """
    }

    static var json: String {
        let items = [
            item(1, "Milk", location: 1, quantity: 2, price: "1.25", starred: true),
            item(2, "牛乳 (Hokkaido whole milk, extra creamy)", location: 1, price: "3.5"),
            item(3, "Cre\u{300}me frai\u{302}che", location: 1, available: false),
            item(4, "👨‍👩‍👧 family pack of 🥛", location: 2, price: "12"),
            item(5, longName, location: 3, quantity: 12, price: "0.35"),
            item(6, "김치", location: 9),
            item(7, "Bread", location: 3, onList: false, price: "2", bought: "2026-11-20"),
            item(8, "ラーメン", location: 2, onList: false),
            item(9, "ｆｕｌｌｗｉｄｔｈ ｔｅａ 🇯🇵", location: 2, onList: false, price: "4.2", starred: true, bought: "2026-10-01"),
        ]
        let locations = [
            location(1, "Dairy", order: 10, color: "#90caf9ff"),
            location(2, "野菜 Vegetables", order: 20, color: "#81c784ff"),
            location(3, "E\u{301}picerie fine et produits re\u{301}gionaux de France 🇫🇷", order: 30, color: "#e57373ff"),
            location(9, "Unknown Location", order: 2_147_483_647, color: "#9e9e9eff", unknown: true),
        ]
        return """
            {
              "items" : [
            \(items.joined(separator: ",\n"))
              ],
              "locations" : [
            \(locations.joined(separator: ",\n"))
              ],
              "timer" : {
                "accumulatedSeconds" : 0
              },
              "version" : 1
            }

            """
    }
}
