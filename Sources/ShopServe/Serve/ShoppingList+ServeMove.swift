import ShopModel

extension ShoppingList {
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
}
