import Foundation
import Testing

/// The page's list picker (SPEC 22) in a real Chromium: a list picked on the phone shows only its items, an add there
/// lands on it, the pick stays on the phone (not this device's current list), and each list's last answer is kept
/// for offline use. Skipped, with the reason, without Chromium.
@Suite(.serialized) struct ServeListsBrowserTests {
    static let sent = "return document.getElementById('status').textContent.startsWith('Everything sent')"
    static let shownItems =
        "return Array.from(document.querySelectorAll('#list button.item')).map(b => b.querySelector('.label').textContent)"

    @Test(
        .enabled(if: WebDriver.missing == nil, "\(WebDriver.missing ?? "")"),
        .enabled(if: ServeServer.unavailable == nil, "\(ServeServer.unavailable ?? "")"), .timeLimit(.minutes(6)))
    func aListPickedOnThePhoneTakesItsAddsOnlineAndOffline() async throws {
        let shop = try ShopProcess()
        defer { shop.remove() }
        try shop.ok(["add", "Milk"])
        try shop.ok(["lists", "add", "Party"])
        try shop.ok(["add", "Crisps", "--list", "Party"])
        let server = try ServeServer(shop)
        defer { server.stop() }
        try await WebDriver.session(folder: shop.folder, width: 320, height: 720) { browser in
            try await pick(shop, server, browser)
        }
    }

    /// The names on list `name` as `shop list --list NAME --json` shows them.
    private func names(_ shop: ShopProcess, on name: String) throws -> [String] {
        let outcome = try shop.ok(["list", "--list", name, "--json"])
        let items = try JSONSerialization.jsonObject(with: Data(outcome.stdout.utf8)) as? [[String: Any]] ?? []
        return items.compactMap { $0["name"] as? String }.sorted()
    }

    private func choose(_ browser: WebDriver, list name: String) async throws {
        let script = """
            const select = document.getElementById('lists');
            const option = Array.from(select.options).find((each) => each.textContent.startsWith(arguments[0] + ' ('));
            if (!option) return false;
            select.value = option.value;
            select.dispatchEvent(new Event('change'));
            return true
            """
        #expect(try await browser.run(script, [name]) as? Bool == true, "no option for \(name)")
    }

    /// Waits until the list part of the page shows exactly `names` (in any order: the walk is not tested here).
    private func shows(_ browser: WebDriver, _ names: [String]) async throws -> Bool {
        let expected = names.sorted().map { "'\($0)'" }.joined(separator: ",")
        return try await browser.waitUntil(
            "return JSON.stringify(\(Self.shownItems.dropFirst(7)).sort()) === JSON.stringify([\(expected)])")
    }

    private func add(_ browser: WebDriver, _ name: String) async throws {
        try await browser.type(name, into: "#add-name")
        try await browser.tap("#add button")
    }

    private func pick(_ shop: ShopProcess, _ server: ServeServer, _ browser: WebDriver) async throws {
        try await browser.open(server.link)
        // This device's current list first; the picker shows both lists, each with its count.
        #expect(try await shows(browser, ["Milk"]))
        let options =
            try await browser.run("return Array.from(document.getElementById('lists').options).map(o => o.textContent)")
            as? [String]
        #expect(options == ["Groceries (1)", "Party (1)"])
        #expect(try await browser.run("return document.getElementById('lists').hidden") as? Bool == false)

        // Picked on the phone: only Party's items, and an add lands on Party.
        try await choose(browser, list: "Party")
        #expect(try await shows(browser, ["Crisps"]))
        try await add(browser, "Balloons")
        #expect(try await browser.waitUntil(Self.sent))
        #expect(try names(shop, on: "Party") == ["Balloons", "Crisps"])
        #expect(try names(shop, on: "Groceries") == ["Milk"])
        #expect(try await shows(browser, ["Balloons", "Crisps"]))
        // The pick is the phone's: this device's current list is still Groceries.
        let lists = try JSONSerialization.jsonObject(with: Data(try shop.ok(["lists", "--json"]).stdout.utf8))
        let current = (lists as? [[String: Any]])?.first { $0["current"] as? Bool == true }?["name"] as? String
        #expect(current == "Groceries")

        // Reloaded, the page keeps the pick.
        try await browser.reload()
        #expect(try await shows(browser, ["Balloons", "Crisps"]))

        // Offline: each list as last read, and an add made on the list picked lands there once sent.
        try await browser.setOffline(true)
        try await choose(browser, list: "Groceries")
        #expect(try await shows(browser, ["Milk"]))
        try await choose(browser, list: "Party")
        #expect(try await shows(browser, ["Balloons", "Crisps"]))
        try await add(browser, "Cups")
        #expect(
            try await browser.waitUntil("return document.getElementById('status').textContent.startsWith('1 change')"))
        try await browser.setOffline(false)
        _ = try await browser.run("window.dispatchEvent(new Event('online')); return true")
        #expect(try await browser.waitUntil(Self.sent))
        #expect(try names(shop, on: "Party") == ["Balloons", "Crisps", "Cups"])
        #expect(try await shows(browser, ["Balloons", "Crisps", "Cups"]))

        // The list picked is removed on the laptop: the page says so and shows this device's current list again.
        try shop.ok(["lists", "remove", "Party", "--move-to", "Groceries"])
        _ = try await browser.run("window.dispatchEvent(new Event('focus')); return true")
        #expect(try await shows(browser, ["Balloons", "Crisps", "Cups", "Milk"]))
        let message = try await browser.run("return document.getElementById('message').textContent") as? String
        #expect(message?.contains("The list Party no longer exists") == true, "\(message ?? "")")
        #expect(try await browser.run("return document.getElementById('lists').hidden") as? Bool == true)
    }
}
