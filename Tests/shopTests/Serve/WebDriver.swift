import Foundation
import Testing

#if canImport(Glibc)
    import Glibc
#endif

/// Debian's Chromium driven through chromedriver's W3C WebDriver HTTP API, from Swift: no other language
/// or package. The browser is headless, its window the size of a phone.
final class WebDriver {
    /// Where Debian's packages put them (`/usr/bin/chromium` is a wrapper script).
    static let chromium = "/usr/lib/chromium/chromium"
    static let chromedriver = "/usr/bin/chromedriver"

    /// Why the browser tests cannot run here, or nil when they can.
    static var missing: String? {
        let fileManager = FileManager.default
        if !fileManager.isExecutableFile(atPath: chromium) {
            return "\(chromium) is missing (apt-get install chromium)"
        }
        if !fileManager.isExecutableFile(atPath: chromedriver) {
            return "\(chromedriver) is missing (apt-get install chromium-driver)"
        }
        return nil
    }

    private let driver: Process
    private let base: URL
    private var session = ""
    private let profile: URL

    /// Starts chromedriver and a headless Chromium session with a `width`×`height` window.
    init(folder: URL, width: Int = 390, height: Int = 844) async throws {
        let port = try Self.freePort()
        driver = Process()
        driver.executableURL = URL(fileURLWithPath: Self.chromedriver)
        driver.arguments = ["--port=\(port)"]
        if let log = ProcessInfo.processInfo.environment["SHOP_CHROMEDRIVER_LOG"] {
            driver.arguments! += ["--log-path=\(log)", "--verbose"]
        }
        driver.standardOutput = FileHandle.nullDevice
        driver.standardError = FileHandle.nullDevice
        try driver.run()
        base = URL(string: "http://127.0.0.1:\(port)")!
        profile = folder.appendingPathComponent("chromium-profile")
        for _ in 0..<100 {
            if (try? await call("GET", "/status")) != nil { break }
            try await Task.sleep(nanoseconds: 100_000_000)
        }
        let options: [String: Any] = [
            "binary": Self.chromium,
            "args": [
                "--headless=new", "--no-sandbox", "--disable-gpu", "--disable-dev-shm-usage", "--no-first-run",
                "--window-size=\(width),\(height)", "--user-data-dir=\(profile.path)", "--hide-scrollbars",
                "--force-device-scale-factor=1",
            ],
            // Headless windows are at least 500 px wide: the phone's viewport is emulated.
            "mobileEmulation": ["deviceMetrics": ["width": width, "height": height, "pixelRatio": 1, "touch": true]],
        ]
        let capabilities: [String: Any] = [
            "capabilities": [
                "alwaysMatch": [
                    "browserName": "chrome", "goog:chromeOptions": options, "goog:loggingPrefs": ["browser": "ALL"],
                ]
            ]
        ]
        do {
            let answer = try await call("POST", "/session", capabilities)
            session = try #require(
                (answer as? [String: Any])?["sessionId"] as? String, "no session: \(String(describing: answer))")
        } catch {
            kill(driver.processIdentifier, SIGKILL)
            throw error
        }
    }

    /// A free TCP port on 127.0.0.1 (bound, read, released).
    static func freePort() throws -> Int {
        let descriptor = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        defer { close(descriptor) }
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_addr.s_addr = inet_addr("127.0.0.1")
        var length = socklen_t(MemoryLayout<sockaddr_in>.size)
        _ = withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { bind(descriptor, $0, length) }
        }
        _ = withUnsafeMutablePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { getsockname(descriptor, $0, &length) }
        }
        return Int(UInt16(bigEndian: address.sin_port))
    }

    /// One WebDriver command; its `value`.
    ///
    /// Sent over a plain socket (``RawConnection``), not URLSession: FoundationNetworking on Linux fails
    /// with "Failed writing header" on chromedriver's answers, whose header lines have no space after the
    /// colon (`Content-Length:885`), which HTTP allows.
    @discardableResult
    func call(_ method: String, _ path: String, _ body: [String: Any]? = nil) async throws -> Any? {
        let payload = try body.map { try JSONSerialization.data(withJSONObject: $0) } ?? Data()
        let port = base.port ?? 0
        var head = "\(method) \(path) HTTP/1.1\r\nHost: 127.0.0.1:\(port)\r\nConnection: close\r\n"
        if body != nil { head += "Content-Type: application/json\r\n" }
        head += "Content-Length: \(payload.count)\r\n\r\n"
        let connection = try RawConnection(port: port)
        defer { connection.close() }
        connection.send(Array(head.utf8) + [UInt8](payload))
        guard let response = connection.readResponse(timeout: 120) else {
            throw WebDriverError.failed("\(method) \(path): no answer")
        }
        let object =
            try JSONSerialization.jsonObject(with: Data(response.body), options: [.fragmentsAllowed]) as? [String: Any]
        if let value = object?["value"] as? [String: Any], let error = value["error"] as? String {
            throw WebDriverError.failed("\(method) \(path): \(error): \(value["message"] ?? "")")
        }
        return object?["value"] ?? nil
    }

    /// A command of this session.
    @discardableResult
    func command(_ method: String, _ path: String, _ body: [String: Any]? = nil) async throws -> Any? {
        try await call(method, "/session/\(session)\(path)", body)
    }

    func open(_ url: String) async throws { try await command("POST", "/url", ["url": url]) }
    func reload() async throws { try await command("POST", "/refresh", [:]) }

    /// Reloads the page with the state it saved (`localStorage`'s `shop-serve`, as `saved`) edited by the
    /// script `edit`. The edit is applied as the page goes away, after its last save: edited before, an
    /// answer still on its way (the live list refreshes every 10 s, and after every batch sent) could save
    /// the page's own state over it, which a loaded machine made happen.
    func reload(editingSaved edit: String) async throws {
        _ = try await run(
            """
            window.addEventListener('pagehide', () => {
              const saved = JSON.parse(localStorage.getItem('shop-serve'));
              \(edit)
              localStorage.setItem('shop-serve', JSON.stringify(saved));
            });
            return true;
            """)
        try await reload()
    }

    /// Runs `script` in the page and returns its result.
    func run(_ script: String, _ arguments: [Any] = []) async throws -> Any? {
        try await command("POST", "/execute/sync", ["script": script, "args": arguments])
    }

    /// Waits until `script` returns true (at most `timeout` seconds: generous, since CI and other builds share two
    /// cores with the browser and the server; a page that never gets there fails all the same).
    func waitUntil(_ script: String, timeout: Double = 180) async throws -> Bool {
        let deadline = Date().addingTimeInterval(timeout)
        while Date() < deadline {
            if (try? await run(script)) as? Bool == true { return true }
            try await Task.sleep(nanoseconds: 100_000_000)
        }
        return false
    }

    /// Clicks the element `css` selects, as a person would (pointer down, up, click).
    func click(_ css: String) async throws {
        let element = try await command("POST", "/element", ["using": "css selector", "value": css])
        let id = try #require((element as? [String: Any])?.values.first as? String)
        try await command("POST", "/element/\(id)/click", [:])
    }

    /// Clicks like ``click(_:)``, again where the page moved between finding the element and clicking it:
    /// drawn anew (a stale element: the live list redraws every 10 s and at every answer), or covered by
    /// the sticky header (the status line grew to two lines on a narrow screen while the page was
    /// scrolled): then the element is scrolled to the middle of the window first. No wait, no timing.
    func tap(_ css: String) async throws {
        for _ in 1..<5 {
            do {
                try await click(css)
                return
            } catch {
                let text = "\(error)"
                guard text.contains("stale element") || text.contains("click intercepted") else { throw error }
                _ = try await run(
                    "const element = document.querySelector(arguments[0]); "
                        + "if (element) element.scrollIntoView({ block: 'center' }); return true", [css])
            }
        }
        try await click(css)
    }

    /// Types `text` into the element `css` selects.
    func type(_ text: String, into css: String) async throws {
        let element = try await command("POST", "/element", ["using": "css selector", "value": css])
        let id = try #require((element as? [String: Any])?.values.first as? String)
        try await command("POST", "/element/\(id)/value", ["text": text])
    }

    /// Chromium's emulated network: offline or not.
    func setOffline(_ offline: Bool) async throws {
        try await command(
            "POST", "/chromium/network_conditions",
            [
                "network_conditions": [
                    "offline": offline, "latency": 0, "download_throughput": -1, "upload_throughput": -1,
                ]
            ])
    }

    /// The page as a PNG.
    func screenshot() async throws -> Data {
        let text = try #require(try await command("GET", "/screenshot") as? String)
        return try #require(Data(base64Encoded: text))
    }

    /// The browser's console and error log since the last call.
    func browserLog() async throws -> [[String: Any]] {
        (try await command("POST", "/se/log", ["type": "browser"]) as? [[String: Any]]) ?? []
    }

    /// Ends the session and chromedriver (which does not stop for SIGTERM: it is asked through
    /// `/shutdown`, then killed).
    func quit() async {
        _ = try? await command("DELETE", "", nil)
        _ = try? await call("GET", "/shutdown")
        for _ in 0..<50 where driver.isRunning { try? await Task.sleep(nanoseconds: 100_000_000) }
        if driver.isRunning { kill(driver.processIdentifier, SIGKILL) }
    }
}

extension WebDriver {
    /// A browser on `folder` for `body`, quit afterwards whether `body` threw or not.
    static func session(
        folder: URL, width: Int = 390, height: Int = 844, _ body: (WebDriver) async throws -> Void
    ) async throws {
        let browser = try await WebDriver(folder: folder, width: width, height: height)
        do {
            try await body(browser)
        } catch {
            await browser.quit()
            throw error
        }
        await browser.quit()
    }
}

enum WebDriverError: Error {
    case failed(String)
}
