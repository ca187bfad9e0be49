import Foundation
import Testing

/// A store's prices on the phone, exactly (SPEC 17), in a real Chromium: the unit price the store was last
/// paid (four decimals) shown on the row, the line total `buy` will log, and the cart's total equal to the
/// trip's `history --json` to the cent. Skipped, with the reason, without Chromium.
@Suite(.serialized) struct ServeStorePriceBrowserTests {
    static let sent = "return document.getElementById('status').textContent.startsWith('Everything sent')"

    @Test(
        .enabled(if: WebDriver.missing == nil, "\(WebDriver.missing ?? "")"),
        .enabled(if: ServeServer.unavailable == nil, "\(ServeServer.unavailable ?? "")"), .timeLimit(.minutes(4)))
    func theStoresPricesAndTheCartTotalMatchTheHistory() async throws {
        let shop = try ShopProcess()
        defer { shop.remove() }
        try shop.ok(["store", "add", "Aldi"])
        try shop.ok(["store", "use", "Aldi"])
        // Last time at Aldi: 12 bananas for 1.94 (0.1617 each), 650 g of cheese for 4.54 (6.9846/kg).
        try shop.ok(["add", "Bananas", "--price", "0.29"])
        try shop.ok(["add", "Cheese"])
        try shop.ok(["buy", "Bananas", "-q", "12", "--paid", "1.94", "--date", "2026-01-05"])
        try shop.ok(["buy", "Cheese", "-q", "650g", "--paid", "4.54", "--date", "2026-01-05"])
        try shop.ok(["add", "Bananas", "-q", "50"])
        try shop.ok(["add", "Cheese", "-q", "650g"])
        let server = try ServeServer(shop)
        defer { server.stop() }
        try await WebDriver.session(folder: shop.folder, width: 360, height: 720) { browser in
            try await trip(shop, server, browser)
        }
    }

    private func text(_ browser: WebDriver, _ css: String) async throws -> String {
        try await browser.run("return document.querySelector(arguments[0]).textContent", [css]) as? String ?? ""
    }

    private func trip(_ shop: ShopProcess, _ server: ServeServer, _ browser: WebDriver) async throws {
        try await browser.open(server.link)
        #expect(try await browser.waitUntil("return document.querySelectorAll('#list button.item').length === 2"))
        _ = try await browser.run("document.getElementById('who-name').value = 'Till'; return true")
        try await browser.tap("#who button")
        let bananas = "#list button.item[data-id=\"\(try ServeProcessTests.itemID(shop, "Bananas"))\"]"
        let cheese = "#list button.item[data-id=\"\(try ServeProcessTests.itemID(shop, "Cheese"))\"]"
        // The store's price, not the item's own 0.29 nor 0.16, and exactly (SPEC 17): 50 × 1.94/12 = 8.0833,
        // where 50 × 0.1617 would be 8.085, 8.09.
        #expect(try await text(browser, bananas + " .amount") == "×50 at 0.1617")
        #expect(try await text(browser, bananas + " .price") == "8.08")
        #expect(try await text(browser, cheese + " .amount") == "650 g at 6.9846/kg")
        #expect(try await text(browser, cheese + " .price") == "4.54")

        try await browser.tap(bananas)
        #expect(try await browser.waitUntil(Self.sent))
        try await browser.tap(cheese)
        #expect(try await browser.waitUntil(Self.sent))
        let outcome = try shop.run(["history", "--json"])
        let history = try JSONSerialization.jsonObject(with: Data(outcome.stdout.utf8)) as? [[String: Any]] ?? []
        let trip = history.filter { $0["by"] as? String == "Till" }
        #expect(trip.count == 2, "\(history)")
        #expect(trip.first { $0["name"] as? String == "Bananas" }?["price"] as? Double == 0.1617)
        #expect(trip.first { $0["name"] as? String == "Bananas" }?["lineTotal"] as? Double == 8.08)
        #expect(trip.first { $0["name"] as? String == "Cheese" }?["lineTotal"] as? Double == 4.54)
        let cents = trip.reduce(0) { $0 + Int((($1["lineTotal"] as? Double ?? 0) * 100).rounded()) }
        #expect(cents == 1262)
        let heading = try await text(browser, "#cart h2")
        #expect(heading == "In the cart: 2 items · \(String(format: "%.2f", Double(cents) / 100))", "\(heading)")
        // The cart's rows keep the unit price they were bought at.
        #expect(try await text(browser, "#cart button.item .amount").hasSuffix("at 0.1617"))
    }
}
