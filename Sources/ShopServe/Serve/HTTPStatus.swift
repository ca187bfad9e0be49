/// The statuses `shop serve` answers with (SPEC section 13); every refusal has one of these.
public enum HTTPStatus: Int, Sendable, CaseIterable {
    case ok = 200
    case seeOther = 303
    case notModified = 304
    case badRequest = 400
    case unauthorized = 401
    case forbidden = 403
    case notFound = 404
    case methodNotAllowed = 405
    case requestTimeout = 408
    case lengthRequired = 411
    case contentTooLarge = 413
    case misdirectedRequest = 421
    case headerFieldsTooLarge = 431
    case internalServerError = 500
    case notImplemented = 501
    case serviceUnavailable = 503
    case versionNotSupported = 505

    /// The reason phrase of the status line.
    public var reason: String {
        switch self {
        case .ok: "OK"
        case .seeOther: "See Other"
        case .notModified: "Not Modified"
        case .badRequest: "Bad Request"
        case .unauthorized: "Unauthorized"
        case .forbidden: "Forbidden"
        case .notFound: "Not Found"
        case .methodNotAllowed: "Method Not Allowed"
        case .requestTimeout: "Request Timeout"
        case .lengthRequired: "Length Required"
        case .contentTooLarge: "Content Too Large"
        case .misdirectedRequest: "Misdirected Request"
        case .headerFieldsTooLarge: "Request Header Fields Too Large"
        case .internalServerError: "Internal Server Error"
        case .notImplemented: "Not Implemented"
        case .serviceUnavailable: "Service Unavailable"
        case .versionNotSupported: "HTTP Version Not Supported"
        }
    }
}
