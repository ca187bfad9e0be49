extension ShoppingList {
    /// The items `restock` would put back, in walking order: off the list, with an interval, and never bought or last
    /// bought at least `every` calendar days ago (SPEC 16); learned intervals need the loaded log.
    public func dueForRestock(at now: Date) -> [Item] {
        restockDecisions(at: now).filter(\.isDue).map(\.item)
    }

    /// `restock`: puts every due item back on the list (keeping its purchase date, as `unbuy` does).
    public mutating func restock(at now: Date) -> [ItemOutcome] {
        (try? unbuy(dueForRestock(at: now).map(\.id))) ?? []
    }
}

extension ShoppingList {
    /// `timer start`: starts counting from `now`; a running timer is left alone.
    /// - Returns: whether anything changed.
    @discardableResult
    public mutating func startTimer(at now: Date) -> Bool {
        guard !timer.isRunning else { return false }
        timer.startedAt = Self.wholeSeconds(now)
        return true
    }

    /// `timer stop`: adds the current run to the total and stops.
    @discardableResult
    public mutating func stopTimer(at now: Date) -> Bool {
        guard timer.isRunning else { return false }
        // Field by field, not a new value: a new value would drop the stamp, and saving would then keep no stamp.
        timer.accumulatedSeconds = timer.elapsedSeconds(at: now)
        timer.startedAt = nil
        return true
    }

    /// `timer reset`: stops the timer and sets it to zero.
    @discardableResult
    public mutating func resetTimer() -> Bool {
        guard !timer.hasSameState(as: StoreTimer()) else { return false }
        timer.accumulatedSeconds = 0
        timer.startedAt = nil
        return true
    }
}
