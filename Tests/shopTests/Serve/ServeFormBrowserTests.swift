import Foundation
import Testing

/// The phone's form keeps what is typed (SPEC section 23, issue 47), in a real Chromium: a refresh of the live list
/// never empties an open ✎ form, Save logs what was typed, the form says per what its price is read, and a long name
/// or amount wraps without widening the page. Skipped, with the reason, without Chromium.
@Suite(.serialized) struct ServeFormBrowserTests {
    static let sent = "return document.getElementById('status').textContent.startsWith('Everything sent')"

    private func row(_ id: String, cart: Bool = false) -> String {
        "\(cart ? "#cart" : "#list") button.item[data-id=\"\(id)\"]"
    }

    private func purchases(_ shop: ShopProcess) throws -> [[String: Any]] {
        let outcome = try shop.run(["history", "--json"])
        return try JSONSerialization.jsonObject(with: Data(outcome.stdout.utf8)) as? [[String: Any]] ?? []
    }

    private func formValue(_ browser: WebDriver, _ name: String) async throws -> String? {
        try await browser.run(
            "const form = document.querySelector('form.receipt'); return form ? form.elements[arguments[0]].value : null",
            [name]) as? String
    }

    /// Milk in 1 l packs: the phone types 3 packs for 3.27 into the open form, the list refreshes under it (an item
    /// added on a laptop), and Save logs 3 packs for 3.27 (it logged 4 for 4.36: the refresh had emptied the form).
    @Test(
        .enabled(if: WebDriver.missing == nil, "\(WebDriver.missing ?? "")"),
        .enabled(if: ServeServer.unavailable == nil, "\(ServeServer.unavailable ?? "")"), .timeLimit(.minutes(5)))
    func anOpenFormKeepsWhatIsTypedAcrossARefreshAndSaveLogsIt() async throws {
        let shop = try ShopProcess()
        defer { shop.remove() }
        try shop.ok(["add", "Milk", "--pack", "1l", "-q", "4", "--price", "1.09"])
        let server = try ServeServer(shop)
        defer { server.stop() }
        let milk = try ServeProcessTests.itemID(shop, "Milk")
        try await WebDriver.session(folder: shop.folder, width: 390, height: 844) { browser in
            try await browser.open(server.link)
            #expect(try await browser.waitUntil("return document.querySelectorAll('#list button.item').length === 1"))
            _ = try await browser.run("document.getElementById('who-name').value = 'Eva'; return true")
            try await browser.tap("#who button")
            try await browser.tap(row(milk))
            #expect(try await browser.waitUntil(Self.sent))
            try await browser.tap(row(milk, cart: true) + " + button.edit")
            let basis = try await browser.run("return document.querySelector('form.receipt .basis').textContent")
            #expect(basis as? String == "per pack", "\(basis ?? "")")
            try await browser.type("3", into: "form.receipt input[name=quantity]")
            try await browser.type("3.27", into: "form.receipt input[name=paid]")
            // A change on the laptop: the page's next look at the list (focus, or its 10 s timer) draws it anew.
            try shop.ok(["add", "Bread"])
            _ = try await browser.run("window.dispatchEvent(new Event('focus')); return true")
            #expect(
                try await browser.waitUntil(
                    "return document.getElementById('list').textContent.includes('Bread')", timeout: 30))
            #expect(try await formValue(browser, "quantity") == "3")
            #expect(try await formValue(browser, "paid") == "3.27")
            #expect(
                try await browser.run("return document.activeElement && document.activeElement.name") as? String
                    == "paid", "the field being typed in keeps the caret")
            try await browser.tap("form.receipt button")
            #expect(try await browser.waitUntil(Self.sent))
            let milks = try purchases(shop).filter { $0["name"] as? String == "Milk" }
            #expect(milks.count == 1, "\(milks)")
            #expect(milks.first?["quantity"] as? Int == 3 && milks.first?["unit"] as? String == "pack", "\(milks)")
            #expect(milks.first?["lineTotal"] as? Double == 3.27, "\(milks)")

            // The receipt adds up: the cart's total is what history logged.
            let heading = try await browser.run("return document.querySelector('#cart h2').textContent") as? String
            #expect(heading == "In the cart: 1 item · 3.27", "\(heading ?? "")")
        }
    }

    /// A 250 ml cream with no price per litre: the form says its unit price is per piece (the 250 ml the list shows),
    /// and 1.19 typed there logs 1.19 for the carton (it logged 0.30, read per litre); the cart's total is the log's.
    @Test(
        .enabled(if: WebDriver.missing == nil, "\(WebDriver.missing ?? "")"),
        .enabled(if: ServeServer.unavailable == nil, "\(ServeServer.unavailable ?? "")"), .timeLimit(.minutes(5)))
    func aUnitPriceTypedForAMeasuredItemIsPerWhatTheListShows() async throws {
        let shop = try ShopProcess()
        defer { shop.remove() }
        try shop.ok(["add", "Cream", "-q", "250ml"])
        let server = try ServeServer(shop)
        defer { server.stop() }
        let cream = try ServeProcessTests.itemID(shop, "Cream")
        try await WebDriver.session(folder: shop.folder, width: 390, height: 844) { browser in
            try await browser.open(server.link)
            #expect(try await browser.waitUntil("return document.querySelectorAll('#list button.item').length === 1"))
            try await browser.tap(row(cream))
            #expect(try await browser.waitUntil(Self.sent))
            try await browser.tap(row(cream, cart: true) + " + button.edit")
            let creamBasis = try await browser.run("return document.querySelector('form.receipt .basis').textContent")
            #expect(creamBasis as? String == "per piece (250 ml)", "\(creamBasis ?? "")")
            try await browser.type("1.19", into: "form.receipt input[name=price]")
            try await browser.tap("form.receipt button")
            #expect(try await browser.waitUntil(Self.sent))
            let creams = try purchases(shop).filter { $0["name"] as? String == "Cream" }
            #expect(creams.count == 1 && creams.first?["lineTotal"] as? Double == 1.19, "\(creams)")
            let heading = try await browser.run("return document.querySelector('#cart h2').textContent") as? String
            #expect(heading == "In the cart: 1 item · 1.19", "\(heading ?? "")")
        }
    }

    /// At 320 and 390 px a 180-character name and a long amount wrap: the page is never wider than the screen (it
    /// was 657 px) and each line of a name holds at least 8 characters (a long amount squeezed it to one a line).
    @Test(
        .enabled(if: WebDriver.missing == nil, "\(WebDriver.missing ?? "")"),
        .enabled(if: ServeServer.unavailable == nil, "\(ServeServer.unavailable ?? "")"), .timeLimit(.minutes(5)))
    func aLongNameAndALongAmountWrapWithinTheScreen() async throws {
        let shop = try ShopProcess()
        defer { shop.remove() }
        let long = String(repeating: "Wholegrainspelt", count: 12)
        #expect(long.count == 180)
        try shop.ok(["add", long, "-q", "1"])
        // A name of 43 characters beside a long amount: it was squeezed to a letter a line.
        let flour = "Stoneground flour for the Sunday loaf, fine"
        try shop.ok(["add", flour, "--pack", "1kg", "--price", "1.49"])
        let recipe = shop.folder.appendingPathComponent("bake.cook")
        let need = "@\(flour){1.5%kg} @\(flour){2%cups} @\(flour){3%heaped tablespoonfuls} @\(flour){4%bunches}"
        try "\(need) @\(flour){5%cans}\n"
            .write(to: recipe, atomically: true, encoding: .utf8)
        try shop.ok(["recipe", "add", recipe.path])
        let server = try ServeServer(shop)
        defer { server.stop() }
        let name = try ServeProcessTests.itemID(shop, long)
        for width in [320, 390] {
            try await WebDriver.session(folder: shop.folder, width: width, height: 800) { browser in
                try await browser.open(server.link)
                #expect(
                    try await browser.waitUntil("return document.querySelectorAll('#list button.item').length === 2"))
                try await check(browser, width: width)
                // In the cart, with its form open.
                try await browser.tap(row(name))
                #expect(try await browser.waitUntil(Self.sent))
                try await browser.tap(row(name, cart: true) + " + button.edit")
                try await check(browser, width: width)
                try await browser.tap(row(name, cart: true))
                #expect(try await browser.waitUntil(Self.sent))
            }
        }
    }

    /// The page no wider than the window, and every line of every name (but a name's last) at least 8 characters.
    private func check(_ browser: WebDriver, width: Int) async throws {
        let widths =
            try await browser.run(
                "return [document.documentElement.scrollWidth, window.innerWidth]") as? [Int] ?? []
        #expect(widths.count == 2 && widths[0] <= widths[1], "at \(width) px: \(widths)")
        let shortest =
            try await browser.run(
                """
                let shortest = Infinity;
                for (const label of document.querySelectorAll('.label')) {
                  const text = label.firstChild;
                  if (!text || text.length < 16) continue;
                  const lines = new Map();
                  for (let index = 0; index < text.length; index++) {
                    const range = document.createRange();
                    range.setStart(text, index);
                    range.setEnd(text, index + 1);
                    const rect = range.getBoundingClientRect();
                    const top = Math.round(rect.top);
                    lines.set(top, (lines.get(top) || 0) + 1);
                  }
                  const counts = Array.from(lines.entries()).sort((a, b) => a[0] - b[0]).map((entry) => entry[1]);
                  for (const count of counts.slice(0, -1)) shortest = Math.min(shortest, count);
                }
                return shortest === Infinity ? -1 : shortest;
                """) as? Int
        #expect((shortest ?? 0) >= 8, "at \(width) px: a name's line holds \(shortest ?? 0) characters")
    }
}
