import ShopTools

/// The page `shop serve` answers `/` with: one document, its style and script inline, nothing fetched from elsewhere
/// (SPEC section 13); and the service worker (`/sw.js`) that keeps it offline. Names are only set with `textContent`.
///
/// The HTML, the style sheet and the scripts are the files of `Page/`, embedded at build time, so tools can read and
/// lint them. The page is filled in once, here: `{{page.css}}` and `{{page.js}}` in the HTML take the style sheet and
/// the script (each without its file's last newline), and `{{maxOps}}`, `{{maxBody}}` and `{{requestTimeout}}` in the
/// script the server's limits.
public enum ServePage {
    /// The page's style sheet (`page.css`): 320 px and up, thumb-sized rows (48 px), the phone's dark mode.
    static let style = inline(PackageResources.page_css)

    /// The page's script (`page.js`). It keeps the last list, the cart and the queue of ops in the phone's storage,
    /// shows the list with the queue applied at once, and sends the queue when the page loads, when the phone comes
    /// back online or to the page, and every 15 s while anything is pending. An op leaves the queue only when the
    /// server has answered for it; nothing expires. Its limits are the server's: the most ops in a batch, the body
    /// limit less room for the request's head, and three times the server's own limit for a request.
    static let script = fill(
        inline(PackageResources.page_js),
        [
            "maxOps": String(ServeBatch.maximumOps),
            "maxBody": String(HTTPParser.maximumBodyLength - 1024),
            "requestTimeout": String(Int(ServeLoop.requestTimeout * 3000)),
        ])

    /// The document answered at `/` (`page.html`), its style and script inline.
    public static let html = fill(
        String(decoding: PackageResources.page_html, as: UTF8.self), ["page.css": style, "page.js": script])

    /// The Content-Security-Policy of every answer: no script but the page's own (by its hash), its own
    /// style sheet, requests to this origin only, no framing, no forms sent anywhere.
    public static let contentSecurityPolicy = [
        "default-src 'none'",
        "script-src 'sha256-\(SHA256.base64(SHA256.digest(Array(script.utf8))))'",
        "style-src 'sha256-\(SHA256.base64(SHA256.digest(Array(style.utf8))))'",
        "connect-src 'self'",
        "worker-src 'self'",
        "img-src 'self' data:",
        "manifest-src 'self'",
        "base-uri 'none'",
        "form-action 'none'",
        "frame-ancestors 'none'",
    ].joined(separator: "; ")

    /// The service worker (`sw.js`): keeps the page (`/`, without a query) and answers it from the cache when the
    /// network fails. The API is never cached: the page keeps its own copy of the list.
    public static let serviceWorker = String(decoding: PackageResources.sw_js, as: UTF8.self)

    /// A file's text as it goes inside a tag: without the newline that ends the file.
    private static func inline(_ bytes: [UInt8]) -> String {
        String(decoding: bytes.last == UInt8(ascii: "\n") ? bytes.dropLast() : bytes[...], as: UTF8.self)
    }

    /// `template` with every `{{name}}` replaced by `values[name]`, in one pass. A name without a value is a
    /// mistake in the files, caught by the first request of any test.
    static func fill(_ template: String, _ values: [String: String]) -> String {
        let pieces = template.split(separator: "{{", omittingEmptySubsequences: false)
        var text = String(pieces[0])
        for piece in pieces.dropFirst() {
            guard let end = piece.firstRange(of: "}}"), let value = values[String(piece[..<end.lowerBound])] else {
                preconditionFailure("the page's files name no such value: {{\(piece.prefix(40))")
            }
            text += value
            text += piece[end.upperBound...]
        }
        return text
    }
}
