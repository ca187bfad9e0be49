import ShopHistory
import ShopModel

/// Remote content is input (SPEC 20): what a remote sends is checked by the rules local input meets
/// before anything uses it. A data file that merely parses may still hold a name of 128 KiB, a zero-width
/// space, a recipe need of 0 or a line total no till could ring up; typed here, each would be refused.
///
/// Only what is new or changed relative to this device is checked: a record already here as it is came through earlier
/// (perhaps from an older shop, whose rules were looser), and refusing it now would stop every sync for good.
enum RemoteIntake {
    /// The first record of `remote` that breaks a local rule and is not in `local` as it is, described (`item "…"
    /// has a name of 5000 characters`), or `nil` when everything new is acceptable. Linear: lookups by id.
    static func problem(in remote: RemoteDataFile, comparedWith local: (list: ShoppingList, log: PurchaseLog))
        -> String?
    {
        if let problem = problem(in: remote.list, comparedWith: local.list) { return problem }
        return purchaseProblem(in: remote.log.purchases, comparedWith: local.log.purchases)
    }

    /// ``problem(in:comparedWith:)`` of the records alone.
    static func problem(in remote: ShoppingList, comparedWith local: ShoppingList) -> String? {
        for item in remote.items where local.item(item.id) != item {
            if let problem = nameProblem(item.name, kind: .item) { return problem }
            if !isAcceptable(item.amount) { return "item \(quoted(item.name)) has an amount outside the limits" }
        }
        for location in remote.locations where local.location(location.id) != location {
            if let problem = nameProblem(location.name, kind: .location) { return problem }
        }
        for store in remote.stores where local.store(store.id) != store {
            if let problem = nameProblem(store.name, kind: .store) { return problem }
        }
        for recipe in remote.recipesByID.values where local.recipesByID[recipe.id] != recipe {
            if let problem = nameProblem(recipe.name, kind: .recipe) { return problem }
        }
        for need in remote.needsByID.values where local.needsByID[need.id] != need {
            // A need without an amount (the ingredient just went on the list) is fine; one of 0 is not.
            guard need.amount.isEmpty || isAcceptable(need.amount) else {
                return "a recipe need (id \(need.id)) has an amount of 0 or outside the limits"
            }
        }
        return nil
    }

    /// The first purchase of `remote` not logged in `local` whose name, amount or line total breaks a rule.
    static func purchaseProblem(in remote: [Purchase], comparedWith local: [Purchase]) -> String? {
        let known = Set(local.lazy.map(\.id))
        for purchase in remote where !known.contains(purchase.id) {
            if let problem = nameProblem(purchase.name, kind: .item) { return "a purchase's " + problem }
            if !isAcceptable(purchase.amount) {
                return "the purchase of \(quoted(purchase.name)) has an amount outside the limits"
            }
            if let total = purchase.lineTotal, total.cents > Price.maximumCents {
                return "the purchase of \(quoted(purchase.name)) has a line total of \(total), over the limit"
            }
        }
        return nil
    }

    /// Why `name` breaks rule 1 (with SPEC 20's invisible characters), or `nil`.
    static func nameProblem(_ name: String, kind: ShopError.Kind) -> String? {
        do throws(ShopError) {
            _ = try Validation.name(name, kind: kind)
            return nil
        } catch {
            guard case .invalidName(_, _, let problem) = error else { return "\(kind.rawValue) name is invalid" }
            let what = "\(kind.rawValue) \(quoted(name))"
            switch problem {
            case .empty: return "\(kind.rawValue) name is empty"
            case .tooLong(let length): return "\(what) has a name of \(length) characters, over 200"
            case .controlCharacter: return "\(what) has a control character in its name"
            case .invisibleCharacter: return "\(what) has an invisible character in its name"
            }
        }
    }

    /// Whether an amount is above zero and within the limits a typed one meets.
    private static func isAcceptable(_ amount: Amount) -> Bool {
        if let count = amount.wholeCount { return Validation.quantities.contains(count) }
        return !amount.isEmpty && amount.isWithinLimits
    }
}

extension RemoteIntake {
    /// The purchases of `remote` new to `local` dated more than a day after `now` (a device whose clock
    /// runs ahead): kept, said once by `sync`, and ignored by dates and restock until their time.
    static func aheadOfClock(_ remote: [Purchase], comparedWith local: [Purchase], now: Date) -> [Purchase] {
        let known = Set(local.lazy.map(\.id))
        let horizon = ShoppingList.believableHorizon(now)
        return remote.filter { $0.date > horizon && !known.contains($0.id) }
    }
}

extension GitSync {
    /// Refuses (exit 65, naming the remote's file) what came in when a record, need or purchase new to
    /// this device breaks a local rule (``RemoteIntake``). Nothing local has changed yet.
    /// - Returns: the purchases new to this device dated more than a day after `now`, to be said.
    func refuseInvalidRecords(_ remote: RemoteDataFile, at now: Date) throws(SyncError) -> [Purchase] {
        let local = try SyncError.core { () throws(ShopError) in try store.loadWithPurchaseLog() }
        if let problem = RemoteIntake.problem(in: remote, comparedWith: local) {
            throw .remoteRefused(source: remote.source, reason: .invalidRecord(problem))
        }
        return RemoteIntake.aheadOfClock(remote.log.purchases, comparedWith: local.log.purchases, now: now)
    }
}
