import ShopKit

/// Fetches one recipe page over http(s) (SPEC section 19) by running `shop-fetch`, installed beside `shop`, which does
/// it with the toolchain's FoundationNetworking: a 20 s time-out, at most 10 MiB, at most 5 redirects, each to http(s)
/// only. Nothing else on the page is fetched. A program of its own, so that `shop` links FoundationEssentials alone and
/// every other command starts without the network stack (see `Sources/shop-fetch/main.swift`).
enum PageFetcher {
    /// Why a fetch failed; each message names the address, never its credentials.
    struct Failure: Error {
        var message: String
        /// 64 for an address or a redirect that is refused (SPEC 23), else 69 (the network or the server failed).
        var exitCode: Int32 = 69
    }

    /// The environment variable that carries an address's `user:password` to `shop-fetch`: never its arguments,
    /// which every user of the machine may read (`ps`).
    static let credentialsVariable = "SHOP_FETCH_CREDENTIALS"

    static let timeoutSeconds: Double = 20
    static let maximumRedirects = 5

    /// Whether `source` is an address to fetch (`http://`, `https://`, any case).
    static func isWebAddress(_ source: String) -> Bool { WebAddress.isWebAddress(source) }

    /// Whether `source` names another scheme (`ftp://`, `file://`, `javascript:`): refused, not read as a file.
    static func hasOtherScheme(_ source: String) -> Bool {
        guard let colon = source.firstIndex(of: ":"), !isWebAddress(source) else { return false }
        let scheme = source[..<colon]
        return scheme.count > 1
            && scheme.allSatisfy { $0.isASCII && ($0.isLetter || $0.isNumber || "+.-".contains($0)) }
            && scheme.first!.isLetter
    }

    /// The page's bytes.
    /// - Parameter environment: `shop`'s environment, passed on (a proxy set in it is used).
    /// - Throws: ``Failure`` for a bad address, a network error, an HTTP error status, a page over
    ///   ``WebPageReader/maximumPageBytes`` (counted decompressed), too many redirects or a redirect to another scheme,
    ///   or a `shop-fetch` that is not beside `shop`.
    static func fetch(_ address: WebAddress, environment: [String: String]) throws(Failure) -> [UInt8] {
        let helper = helperPath
        let shown = Escape.forTerminal(address.shown)
        var environment = environment
        environment[credentialsVariable] = address.credentials
        // The helper ends itself within its time-out; the extra seconds are a guard, never reached.
        guard
            let outcome = ChildProcess.run(
                [helper, address.fetched], environment: environment, timeout: timeoutSeconds + 10)
        else {
            throw Failure(
                message: "could not fetch \(shown): \(helper) is missing: build it "
                    + "(swift build --product shop-fetch) and keep it beside shop")
        }
        if outcome.timedOut {
            throw Failure(message: "could not fetch \(shown): timed out after \(Int(timeoutSeconds)) s")
        }
        guard outcome.status == 0 else {
            let said = outcome.errorText
            throw Failure(
                message: said.isEmpty ? "could not fetch \(shown): shop-fetch ended with \(outcome.status)" : said,
                exitCode: outcome.status == ErrorReport.ExitCode.usage ? ErrorReport.ExitCode.usage : 69)
        }
        guard outcome.output.count <= WebPageReader.maximumPageBytes else {
            throw Failure(message: "could not fetch \(shown): the page is larger than 10 MiB")
        }
        return outcome.output
    }

    /// `shop-fetch` in the folder of the running `shop` (its real path: a link to `shop` elsewhere still finds it).
    static var helperPath: String {
        guard let executable = Frontend.resolvedExecutablePath(), let slash = executable.lastIndex(of: "/") else {
            return "shop-fetch"
        }
        return String(executable[...slash]) + "shop-fetch"
    }
}
