import Foundation
import Testing

#if canImport(Glibc)
    import Glibc
#endif

/// SPEC 20 in the real browser (headless Chromium through chromedriver): a page on another port of
/// 127.0.0.1 (another origin of the same site) can neither read the list nor add to it, nor read the
/// token; the old `?store=` injection shows only a 400; a change the server cannot take never stops the
/// page's queue.
@Suite(.serialized) struct ServeCrossOriginBrowserTests {
    /// The other origin's page: each attempt's outcome into `window.results`.
    static func attackerPage(port: Int) -> String {
        let target = "http://127.0.0.1:\(port)"
        return """
            <!doctype html><html><body><script>
            window.results = {};
            const target = '\(target)';
            (async () => {
              const attempt = async (name, run) => {
                try { window.results[name] = await run(); } catch (error) { window.results[name] = 'blocked'; }
              };
              await attempt('read', async () => {
                const response = await fetch(target + '/api/list', { credentials: 'include' });
                return 'read ' + response.status + ' ' + (await response.text()).slice(0, 40);
              });
              await attempt('bearer', async () => {
                const response = await fetch(target + '/api/list', { headers: { Authorization: 'Bearer 0' } });
                return 'read ' + response.status;
              });
              await attempt('post', async () => {
                await fetch(target + '/api/ops', { method: 'POST', mode: 'no-cors', credentials: 'include',
                  headers: { 'Content-Type': 'text/plain' },
                  body: JSON.stringify({ ops: [{ id: '6f1c3b7e-0000-4000-8000-000000000001', op: 'add', name: 'pwned' }] }) });
                return 'sent';
              });
              await attempt('json', async () => {
                const response = await fetch(target + '/api/ops', { method: 'POST', credentials: 'include',
                  headers: { 'Content-Type': 'application/json' },
                  body: JSON.stringify({ ops: [{ id: '6f1c3b7e-0000-4000-8000-000000000002', op: 'add', name: 'pwned' }] }) });
                return 'sent ' + response.status;
              });
              window.results.token = localStorage.getItem('shop-serve-token');
              window.addEventListener('message', () => { window.results.injected = true; });
              const frame = document.createElement('iframe');
              frame.src = target + '/api/list?store=%0d%0aContent-Type:%20text/html%0d%0a%0d%0a%3Cscript%3Eparent.postMessage(1,%22*%22)%3C/script%3E';
              document.body.append(frame);
              await new Promise((resolve) => setTimeout(resolve, 1500));
              window.results.done = true;
            })();
            </script></body></html>
            """
    }

    @Test(
        .enabled(if: WebDriver.missing == nil, "\(WebDriver.missing ?? "")"),
        .enabled(if: ServeServer.unavailable == nil, "\(ServeServer.unavailable ?? "")"), .timeLimit(.minutes(4)))
    func aPageOnAnotherPortCanNeitherReadNorAdd() async throws {
        let shop = try ShopProcess()
        defer { shop.remove() }
        try shop.run(["add", "milk"])
        let server = try ServeServer(shop)
        defer { server.stop() }
        let attacker = try OtherOriginServer(html: Self.attackerPage(port: server.port))
        defer { attacker.close() }
        let browser = try await WebDriver(folder: shop.folder)
        do {
            // The phone opened the link: the token is in the serve page's own storage.
            try await browser.open(server.link)
            #expect(try await browser.waitUntil("return document.querySelectorAll('#list button.item').length > 0"))
            #expect(
                try await browser.run("return localStorage.getItem('shop-serve-token')") as? String == server.token)
            #expect(try await browser.run("return document.cookie") as? String == "", "no cookie")
            let before = shop.savedBytes()
            try await browser.open("http://127.0.0.1:\(attacker.port)/")
            #expect(try await browser.waitUntil("return window.results && window.results.done === true"))
            let results = try await browser.run("return window.results") as? [String: Any] ?? [:]
            if ProcessInfo.processInfo.environment["SHOP_TEST_TRACE"] != nil { print("other origin: \(results)") }
            #expect(results["read"] as? String == "blocked", "\(results)")
            #expect(results["bearer"] as? String == "blocked", "\(results)")
            #expect(results["json"] as? String == "blocked", "\(results)")
            #expect(results["token"] is NSNull || results["token"] == nil, "\(results)")
            #expect(results["injected"] == nil, "\(results)")
            #expect(shop.savedBytes() == before, "nothing added")
            #expect(try !shop.run(["list"]).stdout.contains("pwned"))
            // The old injection, opened at the top: a 400 and its line, no page, no script.
            try await browser.open(
                "http://127.0.0.1:\(server.port)/api/list?store=%0d%0a%0d%0a%3Cscript%3Ewindow.pwned=1%3C/script%3E")
            #expect(try await browser.run("return window.pwned === undefined") as? Bool == true)
            let text = try await browser.run("return document.body ? document.body.textContent : ''") as? String ?? ""
            #expect(text.contains("not well-formed"), "\(text)")
        } catch {
            await browser.quit()
            throw error
        }
        await browser.quit()
    }

    @Test(
        .enabled(if: WebDriver.missing == nil, "\(WebDriver.missing ?? "")"),
        .enabled(if: ServeServer.unavailable == nil, "\(ServeServer.unavailable ?? "")"), .timeLimit(.minutes(4)))
    func aChangeTooLargeOrABatchRefusedWholeNeverStopsTheQueue() async throws {
        let shop = try ShopProcess()
        defer { shop.remove() }
        try shop.run(["add", "milk"])
        let server = try ServeServer(shop)
        defer { server.stop() }
        let browser = try await WebDriver(folder: shop.folder)
        do {
            try await browser.open(server.link)
            #expect(try await browser.waitUntil("return document.querySelectorAll('#list button.item').length > 0"))
            // Queued offline: an add no request could carry, an add the server refuses, an ordinary one,
            // one that makes the server refuse any batch holding it as a whole (a lone surrogate: not
            // JSON the server reads), and another ordinary one.
            try await browser.reload(
                editingSaved: """
                    const op = (name) => ({ id: crypto.randomUUID(), op: 'add', name: name, at: new Date().toISOString().slice(0, 19) + 'Z', store: null });
                    saved.queue = [op('x'.repeat(1200000)), op('y'.repeat(300)), op('after one'), op('bad ' + String.fromCharCode(0xd800)), op('after two')];
                    """)
            #expect(
                try await browser.waitUntil(
                    "return document.getElementById('status').textContent.startsWith('Everything sent')"))
            let list = try shop.run(["list"]).stdout
            #expect(list.contains("after one") && list.contains("after two"), "\(list)")
            let message = try await browser.run("return document.getElementById('message').textContent") as? String
            #expect(message?.isEmpty == false, "the page says what was dropped")
        } catch {
            await browser.quit()
            throw error
        }
        await browser.quit()
    }
}
