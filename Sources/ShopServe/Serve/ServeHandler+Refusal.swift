extension ServeHandler {
    /// The line a refused request's answer carries (``ServeRouter/Refusal``, why the router refused it):
    /// for a person reading the browser's network panel, so each says what the request should have been.
    static func words(_ reason: ServeRouter.Refusal) -> String {
        switch reason {
        case .unknownHost: "this server does not answer to that host name"
        case .loginNotGet: "the link is opened with GET"
        case .noToken: "open the link that 'shop serve' printed (or its QR code) first"
        case .pageNotRead: "the page is read with GET"
        case .workerNotRead: "the worker is read with GET"
        case .listNotRead: "the list is read with GET"
        case .opsNotPost: "operations are sent with POST"
        case .opsNotJSON: "operations are sent as Content-Type: application/json"
        case .opsFromElsewhere: "operations come from this page only"
        case .noSuchPath: "no such page"
        }
    }
}
