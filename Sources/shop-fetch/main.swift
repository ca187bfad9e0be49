// `shop-fetch ADDRESS`: fetches one recipe page over http(s) with the toolchain's FoundationNetworking (SPEC
// section 19) and writes its bytes to standard output; a failure is one line on standard error and exit 1.
//
// A program of its own, run by `shop recipe import` and `recipe add` for an address: linking FoundationNetworking
// (and with it all of Foundation, ICU and libcurl's libraries) into `shop` slows every command's start (measured: see
// .bench/README.md), so `shop` stays on FoundationEssentials and only a fetch pays for the network stack.
//
// Limits: a 20 s time-out, at most 10 MiB counted as the page's bytes after any Content-Encoding is undone (a
// compressed bomb stops there), at most 5 redirects, each to http(s) only. Nothing else on the page is fetched.
//
// Exit status: 0 with the page on standard output; 64 for an address or a redirect that is refused (another scheme,
// an IPv6 literal); 1 for any other failure. The address's `user:password@`, given in the argument or (as `shop`
// passes it, out of sight of `ps`) in SHOP_FETCH_CREDENTIALS, is used for the fetch and never printed.

import Foundation
import ShopKit

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// The limits of SPEC section 19.
enum FetchLimits {
    static let timeoutSeconds: Double = 20
    static let maximumRedirects = 5

    /// The scheme a `Location` names, lowercased, or `nil` for a relative one (`/next`, `//host/next`: same scheme).
    static func scheme(ofLocation location: String) -> String? {
        guard let colon = location.firstIndex(of: ":") else { return nil }
        let candidate = location[..<colon]
        guard let first = candidate.first, first.isASCII, first.isLetter,
            candidate.allSatisfy({ $0.isASCII && ($0.isLetter || $0.isNumber || "+-.".contains($0)) })
        else { return nil }
        return candidate.lowercased()
    }
}

let timeoutSeconds = FetchLimits.timeoutSeconds
/// Exit status of an address or a redirect that is refused (sysexits `EX_USAGE`, as `shop` says it).
let refusedStatus: Int32 = 64

/// Writes `text` and a newline to standard error and exits with `status`.
func fail(_ text: String, status: Int32 = 1) -> Never {
    FileHandle.standardError.write(Data((text + "\n").utf8))
    exit(status)
}

/// The session's delegate queue, holding at most ``room`` callbacks that have not run: FoundationNetworking queues one
/// for each piece libcurl hands over, without waiting, so a compressed bomb inflated faster than the callbacks ran
/// (a busy machine: 200 MB) piled up in memory before the limit was seen. Past the room, the transfer's own queue waits
/// here until a callback has run, so what is unread stays within 64 pieces of 16 KiB.
final class BoundedDelegateQueue: OperationQueue, @unchecked Sendable {
    static let room = 64
    private let free = DispatchSemaphore(value: BoundedDelegateQueue.room)

    override init() {
        super.init()
        maxConcurrentOperationCount = 1
    }

    override func addOperation(_ block: @escaping @Sendable () -> Void) {
        free.wait()
        let free = self.free
        super.addOperation {
            block()
            free.signal()
        }
    }
}

/// Collects one response under the limits; callbacks run on the session's queue, the lock guards what the waiter reads.
final class PageCollector: NSObject, URLSessionDataDelegate, @unchecked Sendable {
    let done = DispatchSemaphore(value: 0)
    /// The address as messages name it.
    let shown: String
    private let lock = NSLock()
    private var bytes: [UInt8] = []
    private var problem: (message: String, status: Int32)?
    private var redirects = 0

    init(shown: String) {
        self.shown = shown
    }

    func outcome() -> (bytes: [UInt8], problem: (message: String, status: Int32)?) {
        lock.lock()
        defer { lock.unlock() }
        return (bytes, problem)
    }

    private func fail(_ message: String, _ task: URLSessionTask?, status: Int32 = 1) {
        lock.lock()
        if problem == nil { problem = (message, status) }
        lock.unlock()
        task?.cancel()
    }

    func urlSession(
        _ session: URLSession, task: URLSessionTask, willPerformHTTPRedirection response: HTTPURLResponse,
        newRequest request: URLRequest, completionHandler: @escaping (URLRequest?) -> Void
    ) {
        lock.lock()
        redirects += 1
        let count = redirects
        lock.unlock()
        // The `Location` as the server sent it: FoundationNetworking turns `file:///etc/passwd` into an http address
        // on the same host before this is called, so the new request's scheme alone would let it through.
        let location = response.value(forHTTPHeaderField: "Location") ?? ""
        let scheme = FetchLimits.scheme(ofLocation: location) ?? request.url?.scheme?.lowercased() ?? ""
        // Refused by answering `nil` (the redirect becomes the response); cancelling too trips FoundationNetworking.
        if count > FetchLimits.maximumRedirects {
            fail("more than \(FetchLimits.maximumRedirects) redirects", nil)
            completionHandler(nil)
        } else if scheme != "http" && scheme != "https" {
            let named = Escape.forTerminal(String(scheme.prefix(40)))
            fail(
                "redirected to \(scheme.isEmpty ? "a non-web address" : "a '\(named):' address"), which is not fetched",
                nil, status: refusedStatus)
            completionHandler(nil)
        } else {
            completionHandler(request)
        }
    }

    func urlSession(
        _ session: URLSession, dataTask: URLSessionDataTask, didReceive response: URLResponse,
        completionHandler: @escaping (URLSession.ResponseDisposition) -> Void
    ) {
        if let http = response as? HTTPURLResponse, !(200..<300).contains(http.statusCode) {
            fail("HTTP \(http.statusCode)", dataTask)
            completionHandler(.cancel)
        } else if response.expectedContentLength > Int64(WebPageReader.maximumPageBytes) {
            fail("the page is larger than 10 MiB", dataTask)
            completionHandler(.cancel)
        } else {
            completionHandler(.allow)
        }
    }

    /// What arrives is the page after libcurl undid its Content-Encoding, so the limit counts decompressed bytes. Past
    /// it the program ends at once: a cancel waits for the transfer's queue, on which libcurl may go on inflating a
    /// compressed bomb (1 MiB to 1 GiB) into buffers queued for this delegate, which is how memory grew to gigabytes.
    func urlSession(_ session: URLSession, dataTask: URLSessionDataTask, didReceive data: Data) {
        lock.lock()
        let tooLarge = bytes.count + data.count > WebPageReader.maximumPageBytes
        if !tooLarge && problem == nil { bytes.append(contentsOf: data) }
        lock.unlock()
        if tooLarge {
            FileHandle.standardError.write(Data("could not fetch \(shown): the page is larger than 10 MiB\n".utf8))
            _exit(1)
        }
    }

    func urlSession(_ session: URLSession, task: URLSessionTask, didCompleteWithError error: Error?) {
        if let error {
            lock.lock()
            if problem == nil { problem = (error.localizedDescription, 1) }
            lock.unlock()
        }
        done.signal()
    }
}

let arguments = CommandLine.arguments
guard arguments.count == 2 else { fail("usage: shop-fetch ADDRESS (run by shop recipe import)", status: 64) }
let address: WebAddress
do {
    address = try WebAddress(parsing: arguments[1])
} catch {
    fail(error.message, status: refusedStatus)
}
let shown = Escape.forTerminal(address.shown)
let credentials = ProcessInfo.processInfo.environment["SHOP_FETCH_CREDENTIALS"] ?? address.credentials
// The credentials go into the address libcurl is given (it sends them as Basic authentication to this host only;
// a redirect's address is built without them).
let authority = credentials.map { "\($0)@" } ?? ""
let target =
    "\(address.scheme)://\(authority)\(address.fetchedHost)\(address.port.map { ":\($0)" } ?? "")\(address.rest)"
guard let url = URL(string: target) else { fail("cannot fetch '\(shown)': not a well-formed address", status: 64) }
var request = URLRequest(url: url, cachePolicy: .reloadIgnoringLocalCacheData, timeoutInterval: timeoutSeconds)
request.setValue("text/html,application/xhtml+xml", forHTTPHeaderField: "Accept")
request.setValue("shop (recipe import)", forHTTPHeaderField: "User-Agent")
let configuration = URLSessionConfiguration.ephemeral
configuration.timeoutIntervalForRequest = timeoutSeconds
configuration.timeoutIntervalForResource = timeoutSeconds
let collector = PageCollector(shown: shown)
let session = URLSession(configuration: configuration, delegate: collector, delegateQueue: BoundedDelegateQueue())
session.dataTask(with: request).resume()
// The resource time-out ends every task; the extra seconds are a guard, never reached.
guard collector.done.wait(timeout: .now() + timeoutSeconds + 5) == .success else {
    fail("could not fetch \(shown): timed out after \(Int(timeoutSeconds)) s")
}
session.invalidateAndCancel()
let outcome = collector.outcome()
if let problem = outcome.problem { fail("could not fetch \(shown): \(problem.message)", status: problem.status) }
do {
    try FileHandle.standardOutput.write(contentsOf: Data(outcome.bytes))
} catch {
    fail("could not pass the page on: \(error.localizedDescription)", status: 74)
}
exit(0)
