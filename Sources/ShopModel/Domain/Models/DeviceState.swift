/// What one device keeps to itself (SPEC sections 8.3 and 12): the current store, the in-store timer and
/// the device's name. They are one person's, in one shop, now, so they never travel through `sync`.
public struct DeviceState: Hashable, Sendable {
    /// The store chosen with `shop store use`, if any.
    public var currentStoreID: Store.ID?
    /// The in-store stopwatch.
    public var timer: StoreTimer
    /// The name given with `shop device name NAME`; `nil` when none was given (the device is then known
    /// by its host name, see ``DeviceName``).
    public var name: String?
    /// The list chosen with `shop lists use` (SPEC section 22), if any: see ``ShoppingList/currentList(saved:)``.
    public var currentListID: NamedList.ID?

    /// A device with no current store or list, the timer stopped at zero and no name of its own.
    public init(
        currentStoreID: Store.ID? = nil, timer: StoreTimer = StoreTimer(), name: String? = nil,
        currentListID: NamedList.ID? = nil
    ) {
        self.currentStoreID = currentStoreID
        self.timer = timer
        self.name = name
        self.currentListID = currentListID
    }

    /// Whether it holds nothing worth a file.
    package var isEmpty: Bool {
        currentStoreID == nil && timer.hasSameState(as: StoreTimer()) && name == nil && currentListID == nil
    }
}

extension DeviceState {
    /// The current store, when it still exists in `list` (another device may have removed it: then there is none).
    public func currentStore(in list: ShoppingList) -> Store? {
        currentStoreID.flatMap { list.store($0) }
    }

    /// This state as `list` reads it: a current store the list no longer has is none.
    public func checked(against list: ShoppingList) -> DeviceState {
        var state = self
        if let id = currentStoreID, list.store(id) == nil { state.currentStoreID = nil }
        return state
    }

    /// `store use`: saves `id`, a store of `list`, as the current store (`nil` clears it).
    /// - Returns: whether anything changed.
    @discardableResult
    public mutating func useStore(_ id: Store.ID?, in list: ShoppingList) throws(ShopError) -> Bool {
        if let id, list.store(id) == nil { throw .notFound(id.description, kind: .store, candidates: []) }
        guard currentStoreID != id else { return false }
        currentStoreID = id
        return true
    }

    /// The list this device works on (``ShoppingList/currentList(saved:)``).
    public func currentList(in list: ShoppingList) -> NamedList {
        list.currentList(saved: currentListID)
    }

    /// `lists use`: saves `id`, a list of `list`, as the current list.
    /// - Returns: whether anything changed.
    @discardableResult
    public mutating func useList(_ id: NamedList.ID, in list: ShoppingList) throws(ShopError) -> Bool {
        guard list.namedList(id) != nil else { throw .notFound(id.description, kind: .list, candidates: []) }
        guard currentListID != id else { return false }
        currentListID = id
        return true
    }

    /// `timer start`: starts counting from `now`; a running timer is left alone.
    /// - Returns: whether anything changed.
    @discardableResult
    public mutating func startTimer(at now: Date) -> Bool {
        guard !timer.isRunning else { return false }
        timer.startedAt = ShoppingList.wholeSeconds(now)
        return true
    }

    /// `timer stop`: adds the current run to the total and stops.
    @discardableResult
    public mutating func stopTimer(at now: Date) -> Bool {
        guard timer.isRunning else { return false }
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
