import ShopModel

/// An op that leaves no id behind applied once (SPEC 20): an `available`, an `unavailable`, a `move`, or an `add` of an
/// item that exists. Their effect is a field's value, which a later command may set back, so the fields' stamps prove them done:
/// each field the op changes is stamped with the tap's time (not the time it reached the server), and an op is not
/// applied when a field it changes, or the field it is about, was stamped at or after its tap. So an op resent after a
/// kill between the data file's write and the ledger's is `already`, and one that a later change overtook leaves that
/// change standing, as a merge keeps the later edit of a field (SPEC 8.2). An op without a time has only the ledger.
extension ShoppingList {
    /// The fields an op kind is about, looked at even when applying it again would change nothing.
    static func watchedFields(of kind: ServeOp.Kind) -> [String] {
        switch kind {
        case .available, .unavailable: [ItemKey.isAvailable.rawValue, ItemKey.unavailableAt.rawValue]
        // Its place: on the list, and which list (SPEC 22): a move since the tap stands.
        case .add: [ItemKey.onList.rawValue, ItemKey.listId.rawValue]
        // Its location: a move at the terminal or on another phone since the tap stands. Its guess too, so that a
        // move is turned down before it is applied, never undone after (what `edit` learned from it would stay).
        case .move: [ItemKey.locationId.rawValue, ItemKey.locationGuess.rawValue]
        case .buy, .unbuy: []
        }
    }

    /// Applies `change` to item `id` unless a field it changes was stamped at or after the tap (see above),
    /// and stamps each field it changed with the tap's time.
    /// - Returns: `false` when the op was overtaken (nothing changed), `true` when applied.
    /// - Throws: what `change` throws; nothing is changed then.
    mutating func applyOnce(
        _ op: ServeOp, to id: Item.ID, now: Date, _ change: (inout ShoppingList) throws(ShopError) -> Void
    ) throws(ShopError) -> Bool {
        guard let before = item(id), let at = op.at else {
            try change(&self)
            return true
        }
        // A phone's clock may run ahead (up to a day, checked before): its tap is taken as now.
        let tap = FieldStamps.milliseconds(min(at, now))
        // A stamp more than a day ahead of this clock (a device whose clock ran far ahead) is not believed:
        // it would hold every later tap off.
        let latestBelievable = now.addingTimeInterval(Self.tapLeeway)
        func overtaken(_ field: String) -> Bool {
            guard let stamp = before.modifiedAt[field] else { return false }
            return stamp >= tap && stamp <= latestBelievable
        }
        if Self.watchedFields(of: op.kind).contains(where: overtaken) { return false }
        try change(&self)
        guard var after = item(id) else { return true }
        // `{ $0.name }`, not `\.name`: see ``RecordField``.
        let changed = Item.stampedFields.lazy.filter { !$0.same(after, before) }.map { $0.name }
        if changed.contains(where: overtaken) {
            replace(before)
            return false
        }
        for field in changed { after.modifiedAt[field] = tap }
        replace(after)
        return true
    }
}
