// `shop-fetch ADDRESS`: fetches one recipe page over http(s) with the toolchain's FoundationNetworking (SPEC
// section 19) and writes its bytes to standard output; a failure is one line on standard error and exit 1.
//
// A program of its own, run by `shop recipe import` and `recipe add` for an address: linking FoundationNetworking
// (and with it all of Foundation, ICU and libcurl's libraries) into `shop` slows every command's start (measured: see
// .bench/README.md), so `shop` stays on FoundationEssentials and only a fetch pays for the network stack.
//
// Limits: a 20 s time-out, at most 10 MiB, at most 5 redirects, each to http(s) only. Nothing else on the
// page is fetched.

import Foundation
import ShopKit

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// The limits of SPEC section 19.
enum FetchLimits {
    static let timeoutSeconds: Double = 20
    static let maximumRedirects = 5
}

let timeoutSeconds = FetchLimits.timeoutSeconds

/// Writes `text` and a newline to standard error and exits with `status`.
func fail(_ text: String, status: Int32 = 1) -> Never {
    FileHandle.standardError.write(Data((text + "\n").utf8))
    exit(status)
}

let arguments = CommandLine.arguments
guard arguments.count == 2 else { fail("usage: shop-fetch ADDRESS (run by shop recipe import)", status: 64) }
let address = arguments[1]
guard let url = URL(string: address), let scheme = url.scheme?.lowercased(), scheme == "http" || scheme == "https",
    url.host != nil
else { fail("not a web address: \(address)") }
var request = URLRequest(url: url, cachePolicy: .reloadIgnoringLocalCacheData, timeoutInterval: timeoutSeconds)
request.setValue("text/html,application/xhtml+xml", forHTTPHeaderField: "Accept")
request.setValue("shop (recipe import)", forHTTPHeaderField: "User-Agent")
let configuration = URLSessionConfiguration.ephemeral
configuration.timeoutIntervalForRequest = timeoutSeconds
configuration.timeoutIntervalForResource = timeoutSeconds
let collector = PageCollector()
let session = URLSession(configuration: configuration, delegate: collector, delegateQueue: nil)
session.dataTask(with: request).resume()
// The resource time-out ends every task; the extra seconds are a guard, never reached.
guard collector.done.wait(timeout: .now() + timeoutSeconds + 5) == .success else {
    fail("could not fetch \(address): timed out after \(Int(timeoutSeconds)) s")
}
session.invalidateAndCancel()
let outcome = collector.outcome()
if let problem = outcome.problem { fail("could not fetch \(address): \(problem)") }
do {
    try FileHandle.standardOutput.write(contentsOf: Data(outcome.bytes))
} catch {
    fail("could not pass the page on: \(error.localizedDescription)", status: 74)
}
exit(0)

/// Collects one response under the limits; callbacks run on the session's queue, the lock guards what the waiter reads.
final class PageCollector: NSObject, URLSessionDataDelegate, @unchecked Sendable {
    let done = DispatchSemaphore(value: 0)
    private let lock = NSLock()
    private var bytes: [UInt8] = []
    private var problem: String?
    private var redirects = 0

    func outcome() -> (bytes: [UInt8], problem: String?) {
        lock.lock()
        defer { lock.unlock() }
        return (bytes, problem)
    }

    private func fail(_ message: String, _ task: URLSessionTask?) {
        lock.lock()
        if problem == nil { problem = message }
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
        let scheme = request.url?.scheme?.lowercased() ?? ""
        // Refused by answering `nil` (the redirect becomes the response); cancelling too trips FoundationNetworking.
        if count > FetchLimits.maximumRedirects {
            fail("more than \(FetchLimits.maximumRedirects) redirects", nil)
            completionHandler(nil)
        } else if scheme != "http" && scheme != "https" {
            fail("redirected to a \(scheme.isEmpty ? "non-web" : scheme) address", nil)
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

    func urlSession(_ session: URLSession, dataTask: URLSessionDataTask, didReceive data: Data) {
        lock.lock()
        bytes.append(contentsOf: data)
        let tooLarge = bytes.count > WebPageReader.maximumPageBytes
        lock.unlock()
        if tooLarge { fail("the page is larger than 10 MiB", dataTask) }
    }

    func urlSession(_ session: URLSession, task: URLSessionTask, didCompleteWithError error: Error?) {
        if let error {
            lock.lock()
            if problem == nil { problem = error.localizedDescription }
            lock.unlock()
        }
        done.signal()
    }
}
