import Foundation
import Testing

/// The phone's second trip (SPEC 17) in a real Chromium: what the list says shown, the phone's name on
/// its purchases, a tap taken back, the cart row's form, the lost taps of issue 39 logged, a CLI add seen
/// on an idle page, a trip ended and a stale cart closed. Skipped, with the reason, without Chromium.
@Suite(.serialized) struct ServeTripBrowserTests {
    static let sent = "return document.getElementById('status').textContent.startsWith('Everything sent')"
    static let message = "return document.getElementById('message').textContent"

    @Test(
        .enabled(if: WebDriver.missing == nil, "\(WebDriver.missing ?? "")"),
        .enabled(if: ServeServer.unavailable == nil, "\(ServeServer.unavailable ?? "")"), .timeLimit(.minutes(6)))
    func aTripWithThePhoneLeavesTheHistoryOfTheReceipt() async throws {
        let shop = try ShopProcess()
        defer { shop.remove() }
        try shop.ok(["add", "Milk", "--note", "the 3.8% one, not the 1.5%", "--star", "--price", "1.19"])
        try shop.ok(["add", "Cheese", "-q", "500g", "--price", "11.99/kg"])
        try shop.ok(["add", "Ice cream", "--price", "3.49"])
        try shop.ok(["add", "Bananas", "-q", "10"])
        let server = try ServeServer(shop)
        defer { server.stop() }
        try await WebDriver.session(folder: shop.folder, width: 320, height: 720) { browser in
            try await trip(shop, server, browser)
        }
    }

    private func purchases(_ shop: ShopProcess) throws -> [[String: Any]] {
        let outcome = try shop.run(["history", "--json"])
        return try JSONSerialization.jsonObject(with: Data(outcome.stdout.utf8)) as? [[String: Any]] ?? []
    }

    /// Clicks, again when the page moved under the pointer (see ``WebDriver/tap(_:)``).
    private func click(_ browser: WebDriver, _ css: String) async throws {
        try await browser.tap(css)
    }

    private func row(_ id: String, cart: Bool = false) -> String {
        "\(cart ? "#cart" : "#list") button.item[data-id=\"\(id)\"]"
    }

    private func trip(_ shop: ShopProcess, _ server: ServeServer, _ browser: WebDriver) async throws {
        try await browser.open(server.link)
        #expect(try await browser.waitUntil("return document.querySelectorAll('#list button.item').length === 4"))
        // The phone's name, asked once.
        #expect(try await browser.run("return document.getElementById('who').hidden") as? Bool == false)
        _ = try await browser.run("document.getElementById('who-name').value = \"Anna's phone\"; return true")
        try await click(browser, "#who button")
        #expect(try await browser.run("return document.getElementById('who').hidden") as? Bool == true)
        // The note and the star; long-press explained; no empty square on a heading.
        let milk = try ServeProcessTests.itemID(shop, "Milk")
        let milkText = try await browser.run("return document.querySelector(arguments[0]).textContent", [row(milk)])
        #expect((milkText as? String)?.contains("the 3.8% one, not the 1.5%") == true, "\(milkText ?? "")")
        #expect(
            try await browser.run("return !!document.querySelector(arguments[0] + ' .star')", [row(milk)]) as? Bool
                == true)
        #expect(
            try await browser.run("return document.getElementById('hint').textContent.includes('long-press')") as? Bool
                == true)

        // A tap into the cart and out again: the purchase is logged, then taken back (not refused).
        try await click(browser, row(milk))
        #expect(try await browser.waitUntil(Self.sent))
        #expect(try purchases(shop).contains { $0["name"] as? String == "Milk" })
        try await click(browser, row(milk, cart: true))
        #expect(try await browser.waitUntil(Self.sent))
        #expect(try await browser.run(Self.message) as? String == "")
        #expect(try !purchases(shop).contains { $0["name"] as? String == "Milk" }, "the unbuy was applied")
        try await click(browser, row(milk))
        #expect(try await browser.waitUntil(Self.sent))
        let milkPurchase = try purchases(shop).first { $0["name"] as? String == "Milk" }
        #expect(milkPurchase?["by"] as? String == "Anna's phone")
        #expect(try shop.run(["history", "--device", "Anna's phone"]).stdout.contains("Milk"))
        #expect(try await browser.run("return document.querySelectorAll('#cart h2 .swatch').length") as? Int == 0)

        // The cart row's form: 650 g for 7.79 changes the purchase its tap logged.
        let cheese = try ServeProcessTests.itemID(shop, "Cheese")
        try await click(browser, row(cheese))
        #expect(try await browser.waitUntil(Self.sent))
        try await click(browser, row(cheese, cart: true) + " + button.edit")
        _ = try await browser.run(
            "const form = document.querySelector('form.receipt'); form.elements.quantity.value = '650 g'; "
                + "form.elements.paid.value = '7.79'; return true")
        try await click(browser, "form.receipt button")
        #expect(try await browser.waitUntil(Self.sent))
        let cheeses = try purchases(shop).filter { $0["name"] as? String == "Cheese" }
        #expect(cheeses.count == 1, "\(cheeses)")
        #expect(cheeses.first?["lineTotal"] as? Double == 7.79)
        #expect(try shop.run(["history"]).stdout.contains("650 g"))

        // Offline: Ice cream removed on a laptop, then tapped; Batteries added and tapped, its total given.
        try await browser.setOffline(true)
        let iceCream = try ServeProcessTests.itemID(shop, "Ice cream")
        try shop.ok(["remove", "Ice cream"])
        try await click(browser, row(iceCream))
        try await browser.type("Batteries", into: "#add-name")
        try await click(browser, "#add button")
        let added =
            try await browser.run(
                "return Array.from(document.querySelectorAll('#list button.item.waiting')).map(b => b.dataset.id)")
            as? [String]
        let batteries = try #require(added?.first)
        try await click(browser, row(batteries))
        try await click(browser, row(batteries, cart: true) + " + button.edit")
        _ = try await browser.run("document.querySelector('form.receipt').elements.paid.value = '4.99'; return true")
        try await click(browser, "form.receipt button")
        try await browser.setOffline(false)
        #expect(try await browser.waitUntil(Self.sent, timeout: 60))
        let logged = try purchases(shop)
        #expect(logged.first { $0["name"] as? String == "Ice cream" }?["lineTotal"] as? Double == 3.49)
        #expect(logged.first { $0["name"] as? String == "Batteries" }?["lineTotal"] as? Double == 4.99)
        #expect((try await browser.run(Self.message) as? String ?? "").contains("Ice cream"))
        #expect(try !shop.run(["list"]).stdout.contains("Ice cream"), "kept off the list")

        // The cart's total is the trip's history to the cent.
        let tripCents = logged.filter { $0["by"] as? String == "Anna's phone" }.reduce(0) {
            $0 + Int((($1["lineTotal"] as? Double ?? 0) * 100).rounded())
        }
        let heading = try await browser.run("return document.querySelector('#cart h2').textContent") as? String ?? ""
        #expect(heading == "In the cart: 4 items · \(String(format: "%.2f", Double(tripCents) / 100))", "\(heading)")

        // Live: an item added on a laptop appears on the idle page (a bounded wait, not a speed test).
        try shop.ok(["add", "Cream"])
        #expect(
            try await browser.waitUntil(
                "return document.getElementById('list').textContent.includes('Cream')"))

        // Done ends the trip with its count and total.
        try await click(browser, "#clear")
        #expect(
            try await browser.run("return document.querySelector('#cart .trip').textContent") as? String
                == "Trip done: " + heading.dropFirst("In the cart: ".count))
        #expect(try await browser.run("return document.querySelectorAll('#cart button.item').length") as? Int == 0)

        // A cart left from another day is closed when the page opens (the page's clock moved on a day).
        let bananas = try ServeProcessTests.itemID(shop, "Bananas")
        try await click(browser, row(bananas))
        #expect(try await browser.waitUntil(Self.sent))
        try await browser.reload(editingSaved: "saved.trip.day = '2000-01-01';")
        #expect(try await browser.waitUntil("return !!document.querySelector('#cart .trip')"))
        let closed = try await browser.run("return document.querySelector('#cart .trip').textContent") as? String
        #expect(closed == "The trip of 2000-01-01 was closed: 1 item", "\(closed ?? "")")
        #expect(try await browser.run("return document.querySelectorAll('#cart button.item').length") as? Int == 0)
        #expect(try await browser.run("return document.getElementById('who').hidden") as? Bool == true, "asked once")
    }
}
