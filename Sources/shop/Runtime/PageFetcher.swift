import Foundation
import ShopKit

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// Fetches one recipe page over http(s) with the toolchain's FoundationNetworking (SPEC section 19): a
/// 20 s time-out, at most 10 MiB, at most 5 redirects, each to http(s) only. Nothing else on the page is
/// fetched.
enum PageFetcher {
    /// Why a fetch failed; each message names the address.
    struct Failure: Error {
        var message: String
    }

    static let timeoutSeconds: Double = 20
    static let maximumRedirects = 5

    /// Whether `source` is an address to fetch (`http://`, `https://`, any case).
    static func isWebAddress(_ source: String) -> Bool {
        let lowered = source.lowercased()
        return lowered.hasPrefix("http://") || lowered.hasPrefix("https://")
    }

    /// Whether `source` names another scheme (`ftp://`, `file://`, `javascript:`): refused, not read as a file.
    static func hasOtherScheme(_ source: String) -> Bool {
        guard let colon = source.firstIndex(of: ":"), !isWebAddress(source) else { return false }
        let scheme = source[..<colon]
        return scheme.count > 1
            && scheme.allSatisfy { $0.isASCII && ($0.isLetter || $0.isNumber || "+.-".contains($0)) }
            && scheme.first!.isLetter
    }

    /// The page's bytes.
    /// - Throws: ``Failure`` for a bad address, a network error, an HTTP error status, a page over
    ///   ``WebPageReader/maximumPageBytes``, too many redirects or a redirect to another scheme.
    static func fetch(_ address: String) throws(Failure) -> [UInt8] {
        guard let url = URL(string: address), let scheme = url.scheme?.lowercased(),
            scheme == "http" || scheme == "https",
            url.host != nil
        else { throw Failure(message: "not a web address: \(address)") }
        var request = URLRequest(url: url, cachePolicy: .reloadIgnoringLocalCacheData, timeoutInterval: timeoutSeconds)
        request.setValue("text/html,application/xhtml+xml", forHTTPHeaderField: "Accept")
        request.setValue("shop (recipe import)", forHTTPHeaderField: "User-Agent")
        let configuration = URLSessionConfiguration.ephemeral
        configuration.timeoutIntervalForRequest = timeoutSeconds
        configuration.timeoutIntervalForResource = timeoutSeconds
        let collector = PageCollector()
        let session = URLSession(configuration: configuration, delegate: collector, delegateQueue: nil)
        defer { session.invalidateAndCancel() }
        session.dataTask(with: request).resume()
        // The resource time-out ends every task; the extra seconds are a guard, never reached.
        guard collector.done.wait(timeout: .now() + timeoutSeconds + 5) == .success else {
            throw Failure(message: "could not fetch \(address): timed out after \(Int(timeoutSeconds)) s")
        }
        let outcome = collector.outcome()
        if let problem = outcome.problem { throw Failure(message: "could not fetch \(address): \(problem)") }
        return outcome.bytes
    }
}

/// Collects one response under the limits; every callback runs on the session's queue, and the lock
/// guards what the waiting thread reads.
private final class PageCollector: NSObject, URLSessionDataDelegate, @unchecked Sendable {
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
        // Refused by answering `nil` (the redirect becomes the response); cancelling here as well would
        // trip FoundationNetworking.
        if count > PageFetcher.maximumRedirects {
            fail("more than \(PageFetcher.maximumRedirects) redirects", nil)
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
