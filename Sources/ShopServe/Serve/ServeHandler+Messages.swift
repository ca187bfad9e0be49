import ShopModel

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

    /// What the page shows for an op's result (SPEC 17): every message names the item, and a dropped
    /// op (`gone`) says what was dropped; `nil` when there is nothing to say. `describe` words a refusal.
    static func message(
        _ result: ServeOpResult, of parsed: Result<ServeOp, ServeOpProblem>, describe: (ShopError) -> String
    ) -> String? {
        let name: String?
        let kind: ServeOp.Kind?
        switch parsed {
        case .success(let op): (name, kind) = (op.name, op.kind)
        case .failure(let problem): (name, kind) = (problem.name, nil)
        }
        let text: String
        switch result {
        case .applied(_, let note?): return note
        case .applied, .already: return nil
        case .declined(let message): text = message
        case .refused(let error): text = describe(error)
        case .gone:
            let what = name.map { "'\($0)'" } ?? "an item"
            switch kind {
            case .unbuy?: return "Dropped: taking \(what) out of the cart (its purchase is no longer logged here)"
            case .unavailable?, .available?:
                return "Dropped: marking \(what) \(kind!.rawValue) (it was removed elsewhere)"
            default: return "Dropped: \(what) was removed elsewhere"
            }
        }
        // Messages that already start with the name are left as they are.
        guard let name, !text.hasPrefix(name) else { return text }
        return "\(name): \(text)"
    }
}

extension ServeBatch {
    /// The undo step's client: the phone's name the page sent (SPEC 17), else one read from its `User-Agent`.
    static func client(_ ops: [Result<ServeOp, ServeOpProblem>], userAgent: String?) -> String {
        for case .success(let op) in ops {
            if let by = op.by { return by }
        }
        return clientName(userAgent: userAgent)
    }
}
