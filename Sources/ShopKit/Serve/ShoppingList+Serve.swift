#if canImport(FoundationEssentials)
    import FoundationEssentials
#else
    import Foundation
#endif

extension ShoppingList {
    /// Applies the phone's ops in order (SPEC section 13), each as the matching command would, and says
    /// for each what came of it. An op whose id is in `seen` was applied before and is skipped
    /// (`already`); an op that refers to an item that no longer exists is `gone`; one a command would
    /// refuse is `refused` with that error, and changes nothing, while the others still apply.
    /// - Parameters:
    ///   - ops: the batch, each parsed or with its problem.
    ///   - seen: the ids of ops applied before (kept beside the data file for 90 days).
    ///   - now: the server's clock: a tap time later than it is taken as now (a phone's clock may run ahead).
    /// - Returns: one result per op, in order. A `unbuy` needs the loaded purchase log.
    public mutating func apply(
        _ ops: [Result<ServeOp, ServeOpProblem>], seen: Set<Identifier<ServeOp>>, now: Date
    ) -> [ServeOpResult] {
        var appliedHere: Set<Identifier<ServeOp>> = []
        // The items this batch's `add` ops made, by op id: a later op may name one as its item.
        var added: [Identifier<ServeOp>: Item.ID] = [:]
        return ops.map { parsed in
            switch parsed {
            case .failure(let problem):
                return problem.error.map { .refused($0) } ?? .declined(problem.message)
            case .success(let op):
                if seen.contains(op.id) || appliedHere.contains(op.id) { return .already }
                let result = apply(op, now: now, added: &added)
                if case .applied = result { appliedHere.insert(op.id) }
                return result
            }
        }
    }

    /// One op. Commands' methods change nothing when they throw, so a refused op leaves the list as it was.
    private mutating func apply(_ op: ServeOp, now: Date, added: inout [Identifier<ServeOp>: Item.ID])
        -> ServeOpResult
    {
        do throws(ShopError) {
            if op.kind == .add {
                let outcomes = try add([op.name ?? ""])
                if let first = outcomes.first { added[op.id] = first.id }
                let name = outcomes.first.flatMap { item($0.id)?.name } ?? op.name ?? ""
                return .applied(summary: "add \(name)")
            }
            guard let item = item(meantBy: op, added: added) else {
                // A purchase is never lost: an item removed elsewhere is re-created to carry it (SPEC 17).
                if op.kind == .buy, let name = op.name { return try buyRecreating(name, op, now: now) }
                return .gone
            }
            switch op.kind {
            case .buy:
                return try buy(item, op, now: now)
            case .unbuy:
                guard let purchase = op.purchase, unbuy(purchase: purchase, of: item.id) else { return .gone }
            case .unavailable, .available:
                // At the store the phone picked only (SPEC 12), else everywhere.
                _ = try setAvailable(op.kind == .available, [item.id], at: op.store.flatMap { self.store($0)?.id })
            case .add:
                break
            }
            return .applied(summary: "\(op.kind.rawValue) \(item.name)")
        } catch {
            return .refused(error)
        }
    }

    /// The item an op means: by its id; else the item an earlier `add` op of this batch made; else by
    /// name (an item added in an earlier batch, or the record a merge kept when this id was joined into it).
    private func item(meantBy op: ServeOp, added: [Identifier<ServeOp>: Item.ID]) -> Item? {
        if let id = op.item, let found = item(id) { return found }
        if let addOp = op.added, let id = added[addOp], let found = item(id) { return found }
        return op.name.flatMap { item(named: $0) }
    }

    /// Deletes one purchase of item `id` and puts the item back on the list, its date as it was before
    /// that purchase (as `unbuy` does for the latest). `false` when the log holds no such purchase.
    mutating func unbuy(purchase purchaseID: Purchase.ID, of id: Item.ID) -> Bool {
        // The purchase may be logged under the id of a record since merged into this one.
        guard let logged = log.purchases.first(where: { $0.id == purchaseID }) else { return false }
        let id = item(logged.itemID) == nil ? id : logged.itemID
        guard var item = item(id) else { return false }
        var purchases = log.purchases(of: id)
        guard let position = purchases.firstIndex(where: { $0.id == purchaseID }) else { return false }
        let deleted = purchases.remove(at: position)
        log.delete(purchaseID)
        item.onList = true
        item.isAvailable = true
        item.dateLastPurchased = PurchaseLog.lastDate(of: purchases) ?? deleted.dateBefore
        item.restorePrice(before: deleted)
        replace(item)
        recomputeStorePrices(only: [id])
        return true
    }
}

extension ServeBatch {
    /// The undo step's name for a batch: `serve: buy Milk, Eggs; add Bread (Android phone)`, its verbs in
    /// the order first done, each with its names in order; a long batch is shortened.
    public static func undoDescription(_ results: [ServeOpResult], client: String) -> String {
        var verbs: [String] = []
        var names: [String: [String]] = [:]
        for case .applied(let summary, _) in results {
            let verb = String(summary.prefix { $0 != " " })
            let name = String(summary.dropFirst(verb.count + 1))
            if names[verb] == nil { verbs.append(verb) }
            names[verb, default: []].append(name)
        }
        let parts = verbs.map { verb in
            let all = names[verb] ?? []
            let shown = all.prefix(8).joined(separator: ", ")
            return "\(verb) \(shown)" + (all.count > 8 ? " (and \(all.count - 8) more)" : "")
        }
        return "serve: \(parts.joined(separator: "; ")) (\(client))"
    }

    /// A short name for the device a request came from, from its `User-Agent` (`iPhone`, `Android
    /// phone`, `Firefox on Linux`); `browser` when nothing is recognised.
    public static func clientName(userAgent: String?) -> String {
        let agent = userAgent ?? ""
        let device =
            agent.contains("iPhone")
            ? "iPhone"
            : agent.contains("iPad")
                ? "iPad"
                : agent.contains("Android")
                    ? "Android phone"
                    : agent.contains("Linux")
                        ? "Linux" : agent.contains("Mac OS") ? "Mac" : agent.contains("Windows") ? "Windows" : nil
        let browser =
            agent.contains("Firefox/")
            ? "Firefox"
            : agent.contains("Edg/")
                ? "Edge"
                : agent.contains("Chrome/") ? "Chrome" : agent.contains("Safari/") ? "Safari" : nil
        switch (browser, device) {
        case (_, "iPhone"?), (_, "iPad"?), (_, "Android phone"?): return device!
        case (let browser?, let device?): return "\(browser) on \(device)"
        case (let browser?, nil): return browser
        case (nil, let device?): return device
        case (nil, nil): return "browser"
        }
    }
}
