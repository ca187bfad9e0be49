import ShopHistory
import ShopJSON
import ShopModel
import ShopPlacing

extension ShoppingList {
    /// Applies the phone's ops in order (SPEC sections 13 and 20), each as the matching command would, and says for
    /// each what came of it. An op is `already` when its id is in `seen` (the ledger) or when the data file itself
    /// shows it done: a `buy` whose purchase (the op's id) is in the log, live or deleted; an `unbuy` whose purchase is
    /// deleted; an `add` whose item (the op's id) exists; an `available`, an `unavailable` or an `add` of an existing
    /// item whose field was stamped at or after the tap (``applyOnce(_:to:now:_:)``). So an op is never applied twice,
    /// whatever became of the ledger. An op about an item that no longer exists is `gone`; one a command would refuse
    /// is `refused` with that error and changes nothing, while the others still apply.
    /// - Parameters:
    ///   - ops: the batch, each parsed or with its problem.
    ///   - seen: the ids of ops applied before (kept beside the data file for 90 days).
    ///   - declinedBefore: the ops turned down before, each answered again as it was (`gone`, or
    ///     ``declinedBeforeMessage``).
    ///   - now: the server's clock: a later tap time is taken as now (a phone's clock may run ahead), and one more
    ///     than a day ahead, or before 1970, is refused.
    ///   - log: the purchase log, loaded: a `buy` or `unbuy` changes it.
    ///   - currentList: the serving device's current list, where an `add` that names no list puts its item (SPEC 22);
    ///     `nil`: the list a device that chose none works on.
    /// - Returns: one result per op, in order.
    public mutating func apply(
        _ ops: [Result<ServeOp, ServeOpProblem>], seen: Set<Identifier<ServeOp>>,
        declinedBefore: [Identifier<ServeOp>: ServeOpResult] = [:], now: Date, log: inout PurchaseLog,
        currentList: NamedList.ID? = nil
    ) -> [ServeOpResult] {
        var appliedHere: Set<Identifier<ServeOp>> = []
        var logged = log.deletedIDs
        for purchase in log.purchases { logged.insert(purchase.id) }
        return ops.map { parsed in
            switch parsed {
            case .failure(let problem):
                return problem.error.map { .refused($0) } ?? .declined(problem.message)
            case .success(let op):
                if seen.contains(op.id) || appliedHere.contains(op.id) { return .already }
                if let answer = declinedBefore[op.id] { return answer }
                let result = apply(op, logged: logged, now: now, log: &log, currentList: currentList)
                if case .applied = result { appliedHere.insert(op.id) }
                return result
            }
        }
    }

    /// The answer to an op sent again that was turned down the first time (its answer was lost).
    public static let declinedBeforeMessage = "not applied: it was turned down when it was first sent"

    /// The latest a tap may be dated, a day after the server's clock (a phone's clock may run ahead).
    public static let tapLeeway: TimeInterval = 86_400

    /// One op. Commands' methods change nothing when they throw, so a refused op leaves the list as it was.
    private mutating func apply(
        _ op: ServeOp, logged: Set<Purchase.ID>, now: Date, log: inout PurchaseLog, currentList: NamedList.ID?
    ) -> ServeOpResult {
        if let at = op.at, at < Date(timeIntervalSince1970: 0) || at > now.addingTimeInterval(Self.tapLeeway) {
            return .declined(
                "the tap is dated \(TimestampText.string(at)): before 1970 or more than a day after this "
                    + "computer's clock (\(TimestampText.string(now)))")
        }
        switch op.kind {
        case .buy where logged.contains(Purchase.ID(op.id.uuid)): return .already
        case .unbuy where op.purchase.map { log.deletedIDs.contains($0) } ?? false: return .already
        case .add where item(Item.ID(op.id.uuid)) != nil: return .already
        default: break
        }
        do throws(ShopError) {
            if op.kind == .add {
                return try add(op, now: now, currentList: currentList)
            }
            guard let item = item(meantBy: op) else {
                // A purchase is never lost: an item removed elsewhere is re-created to carry it (SPEC 17).
                if op.kind == .buy, let name = op.name { return try buyRecreating(name, op, now: now, log: &log) }
                return .gone
            }
            switch op.kind {
            case .buy:
                return try buy(item, op, now: now, log: &log)
            case .unbuy:
                guard let purchase = op.purchase, unbuy(purchase: purchase, of: item.id, log: &log) else {
                    return .gone
                }
            case .unavailable, .available:
                // At the store the phone picked only (SPEC 12), else everywhere; once, by its stamps.
                let store = op.store.flatMap { self.store($0)?.id }
                let applied = try applyOnce(op, to: item.id, now: now) { (list) throws(ShopError) in
                    _ = try list.setAvailable(op.kind == .available, [item.id], at: store)
                }
                if !applied { return .already }
            case .move:
                return try applyMove(item, op, now: now)
            case .add:
                break
            }
            return .applied(summary: "\(op.kind.rawValue) \(item.name)")
        } catch {
            return .refused(error)
        }
    }

    /// `add`: the item goes on the list the op names, else on `currentList` (SPEC 22). An existing item is put back
    /// on it, or moved to it from another list (the note says from where), applied once by its stamps (ServeOnce); a
    /// new one takes the op's id, so the data file itself says the add was done.
    private mutating func add(_ op: ServeOp, now: Date, currentList: NamedList.ID?) throws(ShopError) -> ServeOpResult {
        let name = try Validation.name(op.name ?? "", kind: .item)
        let (target, removed) = try addTarget(op.list, currentList: currentList)
        let targetName = namedList(target)?.name ?? ""
        // The page says where the item went when its list was removed meanwhile, or when it moved from another list.
        var notes: [String] = []
        if removed { notes.append("\(name): its list was removed meanwhile; added to \(targetName)") }
        if let existing = item(named: name) {
            let from = existing.onList && existing.listID != target ? namedList(existing.listID)?.name : nil
            let applied = try applyOnce(op, to: existing.id, now: now) { (list) throws(ShopError) in
                _ = try list.add([name], onto: target)
            }
            if !applied { return .already }
            if let from { notes.append("\(existing.name): moved from \(from) to \(targetName)") }
            return .applied(summary: "add \(existing.name)", note: notes.isEmpty ? nil : notes.joined(separator: "; "))
        }
        let outcomes = try add([name], onto: target)
        if let outcome = outcomes.first, outcome.kind == .created, var created = item(outcome.id) {
            itemsByID[outcome.id] = nil
            created.id = Item.ID(op.id.uuid)
            insert(created)
            // The page's add goes where the name says, as `shop add` does (SPEC 21).
            placeNewItems([created.id])
        }
        let shown = outcomes.first.flatMap { item($0.id)?.name } ?? name
        return .applied(summary: "add \(shown)", note: notes.isEmpty ? nil : notes.joined(separator: "; "))
    }

    /// The list an `add` puts its item on: the list with the id or name given (as `--list` reads a name), else
    /// `currentList`. A list id that no longer exists (removed on another device while the phone was offline) is
    /// not a lost add: the current list takes it, and `removed` is true.
    /// - Throws: a name that names no list, or more than one (refused as `add --list` would be).
    private func addTarget(_ reference: String?, currentList: NamedList.ID?) throws(ShopError) -> (
        NamedList.ID, removed: Bool
    ) {
        let fallback = self.currentList(saved: currentList).id
        guard let reference else { return (fallback, false) }
        if let id = NamedList.ID(string: reference) {
            return namedList(id) == nil ? (fallback, true) : (id, false)
        }
        return (try resolveList(reference), false)
    }

    /// `move` (SPEC 21): the item goes to the op's location exactly as `edit --location` puts it there, through the
    /// same ``edit(_:_:)`` and ``ItemChanges``, so a guessed location becomes the person's (its `locationGuess` is
    /// cleared) and whatever that method learns from a move, the page teaches too. Applied once by its stamps
    /// (ServeOnce): a move since the tap, here or synced in, stands. An item already at that location by a person's
    /// choice is `already`: there is nothing to do, and no undo step is spent on it.
    /// - Throws: the location's id names no location (removed elsewhere while the phone was offline), refused as
    ///   `edit --location` refuses a location it cannot find; nothing is changed then.
    mutating func applyMove(_ item: Item, _ op: ServeOp, now: Date) throws(ShopError) -> ServeOpResult {
        guard let id = op.location, let location = location(id) else {
            throw .notFound(op.location?.description ?? "", kind: .location, candidates: [])
        }
        if item.locationID == location.id && item.locationGuess == nil { return .already }
        let applied = try applyOnce(op, to: item.id, now: now) { (list) throws(ShopError) in
            _ = try list.edit(item.id, ItemChanges(locationID: location.id))
        }
        return applied ? .applied(summary: "move \(item.name) to \(location.name)") : .already
    }

    /// The item an op means: by its id (an item the page's `add` made has the add op's id, so a tap on an
    /// item added offline names it before it exists, SPEC 17); else by name (an add of a name that was
    /// already there, or the record a merge kept when this id was joined into it).
    private func item(meantBy op: ServeOp) -> Item? {
        if let id = op.item, let found = item(id) { return found }
        return op.name.flatMap { item(matching: $0) }
    }

    /// Deletes one purchase of item `id` and puts the item back on the list, its date as it was before
    /// that purchase (as `unbuy` does for the latest). `false` when the log holds no such purchase.
    mutating func unbuy(purchase purchaseID: Purchase.ID, of id: Item.ID, log: inout PurchaseLog) -> Bool {
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
        if let before = deleted.listedBefore { giveBack(before, to: id) }
        recomputeStorePrices(only: [id], from: log)
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
        // The first of each table the agent names wins: an Android agent says `Linux` too, Chrome's says `Safari/`.
        let devices = [
            ("iPhone", "iPhone"), ("iPad", "iPad"), ("Android", "Android phone"), ("Linux", "Linux"), ("Mac OS", "Mac"),
            ("Windows", "Windows"),
        ]
        let browsers = [("Firefox/", "Firefox"), ("Edg/", "Edge"), ("Chrome/", "Chrome"), ("Safari/", "Safari")]
        let device = devices.first { agent.contains($0.0) }?.1
        let browser = browsers.first { agent.contains($0.0) }?.1
        switch (browser, device) {
        case (_, "iPhone"?), (_, "iPad"?), (_, "Android phone"?): return device!
        case (let browser?, let device?): return "\(browser) on \(device)"
        case (let browser?, nil): return browser
        case (nil, let device?): return device
        case (nil, nil): return "browser"
        }
    }
}
