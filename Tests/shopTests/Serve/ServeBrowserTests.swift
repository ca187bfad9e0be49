import Foundation
import Testing

#if canImport(Glibc)
    import Glibc
#endif

/// The page in a real browser (SPEC section 13): headless Chromium from Debian with a phone-sized
/// window, driven through chromedriver. Skipped, with the reason, where Chromium is not installed.
@Suite(.serialized) struct ServeBrowserTests {
    /// A name holding markup: it must show as text and run nothing.
    static let markup = #"<img src=x onerror="window.pwned=1"><b>Bold</b> beans"#

    /// The items on the page, in the order shown (list then cart), as `[id, name]`.
    static let shownItems =
        "return Array.from(document.querySelectorAll('#list button.item[data-id]')).map(b => b.dataset.id)"
    static let cartItems = "return Array.from(document.querySelectorAll('#cart button.item')).map(b => b.dataset.id)"
    static let status = "return document.getElementById('status').textContent"

    @Test(
        .enabled(if: WebDriver.missing == nil, "\(WebDriver.missing ?? "")"),
        .enabled(if: ServeServer.unavailable == nil, "\(ServeServer.unavailable ?? "")"), .timeLimit(.minutes(6)))
    func aTripOfflineEndsInTheHistoryWithItsTapTimes() async throws {
        let shop = try ShopProcess()
        defer { shop.remove() }
        try shop.run(["sample"])
        #expect(try shop.run(["add", Self.markup, "-l", "Bakery"]).status == 0)
        var server = try ServeServer(shop)
        defer { server.stop() }
        try await WebDriver.session(folder: shop.folder, width: 320, height: 720) { browser in
            try await trip(shop, &server, browser)
        }
    }

    private func step(_ text: String) {
        if ProcessInfo.processInfo.environment["SHOP_TEST_TRACE"] != nil {
            FileHandle.standardError.write(Data("browser test: \(text)\n".utf8))
        }
    }

    private func trip(_ shop: ShopProcess, _ server: inout ServeServer, _ browser: WebDriver) async throws {
        let origin = "http://127.0.0.1:\(server.port)"
        step("open")
        try await browser.open(server.link)
        step("opened")
        #expect(try await browser.waitUntil("return document.querySelectorAll('#list button.item').length > 0"))
        #expect(
            try await browser.run("return location.href") as? String == origin + "/", "the token left the address bar")
        // Usable at 320 px: nothing wider than the screen, every row a thumb's height.
        #expect(try await browser.run("return document.documentElement.scrollWidth") as? Int == 320)
        let heights =
            try await browser.run(
                "return Array.from(document.querySelectorAll('button, select, input')).map(e => e.getBoundingClientRect().height)"
            )
            as? [Double] ?? []
        #expect(!heights.isEmpty && heights.allSatisfy { $0 >= 44 }, "\(heights)")

        step("The walk: the items in the order of `")
        // The walk: the items in the order of `list --json` at the device's store (none here), by location.
        let walk =
            try JSONSerialization.jsonObject(with: Data(try shop.run(["list", "--json"]).stdout.utf8))
            as? [[String: Any]] ?? []
        let expected = walk.map { $0["id"] as? String ?? "" }
        #expect(try await browser.run(Self.shownItems) as? [String] == expected)
        let headings =
            try await browser.run("return Array.from(document.querySelectorAll('#list h2')).map(h => h.textContent)")
            as? [String]
        var locations: [String] = []
        for item in walk where locations.last != item["location"] as? String {
            locations.append(item["location"] as? String ?? "")
        }
        #expect(headings == locations)
        let swatch =
            try await browser.run("return getComputedStyle(document.querySelector('#list h2 .swatch')).backgroundColor")
            as? String
        #expect(
            swatch?.hasPrefix("rgb") == true && swatch != "rgba(0, 0, 0, 0)", "the location's colour: \(swatch ?? "")")

        step("The name with markup is text, and ran")
        // The name with markup is text, and ran nothing.
        let markupID = try ServeProcessTests.itemID(shop, Self.markup)
        let shownName =
            try await browser.run(
                "return document.querySelector('button.item[data-id=\"' + arguments[0] + '\"] .name').textContent",
                [markupID]) as? String
        #expect(shownName == Self.markup)
        #expect(try await browser.run("return document.querySelectorAll('img, b').length") as? Int == 0)
        #expect(try await browser.run("return window.pwned === undefined") as? Bool == true)

        step("A tap moves the first item to the car")
        // A tap moves the first item to the cart and, online, into the history.
        let first = expected[0]
        try await browser.tap("#list button.item[data-id=\"\(first)\"]")
        #expect(try await browser.run(Self.cartItems) as? [String] == [first])
        #expect(try await browser.run(Self.shownItems) as? [String] == Array(expected.dropFirst()))
        #expect(
            try await browser.waitUntil(
                "return document.getElementById('status').textContent.startsWith('Everything sent')"))
        #expect(try shop.run(["history", "--json"]).stdout.contains(first))

        step("The service worker keeps the page.")
        // The service worker keeps the page.
        #expect(
            try await browser.waitUntil("return !!navigator.serviceWorker.controller"), "no service worker"
        )

        step("Offline, and the server gone: two tap")
        // Offline, and the server gone: two taps and an add are queued and shown at once.
        try await browser.setOffline(true)
        #expect(server.stop() == 0)
        try await Task.sleep(nanoseconds: 1_100_000_000)  // each tap in a second of its own
        try await browser.tap("#list button.item[data-id=\"\(expected[1])\"]")
        try await Task.sleep(nanoseconds: 1_200_000_000)  // the taps' times differ by a second
        try await browser.tap("#list button.item[data-id=\"\(expected[2])\"]")
        try await browser.type("Oat milk", into: "#add-name")
        try await browser.tap("#add button")
        #expect(try await browser.run(Self.cartItems) as? [String] == [first, expected[1], expected[2]])
        #expect(
            try await browser.waitUntil(
                "return document.getElementById('status').textContent.startsWith('3 changes not sent')"))
        #expect(
            try await browser.run("return document.getElementById('list').textContent.includes('Oat milk')") as? Bool
                == true)

        step("A reload opens the page from the serv")
        // A reload opens the page from the service worker, with the queue and the cart kept.
        try await browser.reload()
        #expect(try await browser.waitUntil("return document.querySelectorAll('#cart button.item').length === 3"))
        let reopened = try await browser.run(Self.status) as? String ?? ""
        #expect(reopened.hasPrefix("3 changes not sent"), "\(reopened)")
        #expect(
            try await browser.run("return document.getElementById('list').textContent.includes('Oat milk')") as? Bool
                == true)
        let screenshotOffline = try await browser.screenshot()

        step("Back online (the server again, on the")
        // Back online (the server again, on the same port and data file): the queue drains.
        server = try ServeServer(shop, arguments: ["--port", "\(server.port)"])
        try await browser.setOffline(false)
        #expect(
            try await browser.waitUntil(
                "return document.getElementById('status').textContent.startsWith('Everything sent')"))
        let taps =
            try await browser.run(
                "const cart = JSON.parse(localStorage.getItem('shop-serve')).cart; return Object.keys(cart).map(id => [id, cart[id].at])"
            )
            as? [[String]] ?? []
        #expect(taps.count == 3)
        let history =
            try JSONSerialization.jsonObject(with: Data(try shop.run(["history", "--json"]).stdout.utf8))
            as? [[String: Any]] ?? []
        for tap in taps {
            let purchase = history.first { ($0["itemId"] as? String)?.lowercased() == tap[0].lowercased() }
            #expect(purchase?["date"] as? String == tap[1], "the purchase of \(tap[0]) is timed at its tap")
        }
        #expect(Set(taps.map { $0[1] }).count == 3, "each tap its own second")
        #expect(try shop.run(["list"]).stdout.contains("Oat milk"))
        #expect(try await browser.waitUntil("return document.getElementById('list').textContent.includes('Oat milk')"))

        step("Nothing left for another origin, and ")
        // Nothing left for another origin, and no script error.
        let resources =
            try await browser.run("return performance.getEntriesByType('resource').map(e => e.name)") as? [String] ?? []
        #expect(resources.allSatisfy { $0.hasPrefix(origin + "/") }, "\(resources)")
        let log = try await browser.browserLog()
        let errors = log.filter { entry in
            let message = entry["message"] as? String ?? ""
            return entry["source"] as? String == "javascript" || message.contains("Uncaught")
                || message.contains("Content Security Policy")
        }
        #expect(errors.isEmpty, "\(errors)")

        step("the screenshot")
        // The README's screenshots, when asked for: the list, and the cart at the end of it.
        let screenshot = try await browser.screenshot()
        _ = try await browser.run("window.scrollTo(0, document.body.scrollHeight); return true")
        let cart = try await browser.screenshot()
        try screenshot.write(to: shop.folder.appendingPathComponent("serve-phone.png"))
        if let folder = ProcessInfo.processInfo.environment["SHOP_SCREENSHOT_DIR"] {
            try screenshot.write(to: URL(fileURLWithPath: folder).appendingPathComponent("serve-phone.png"))
            try screenshotOffline.write(
                to: URL(fileURLWithPath: folder).appendingPathComponent("serve-phone-offline.png"))
            try cart.write(to: URL(fileURLWithPath: folder).appendingPathComponent("serve-phone-cart.png"))
        }
        #expect(server.stop() == 0)
    }
}
