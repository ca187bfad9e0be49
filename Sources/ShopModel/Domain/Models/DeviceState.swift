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

    /// A device with no current store, the timer stopped at zero and no name of its own.
    public init(currentStoreID: Store.ID? = nil, timer: StoreTimer = StoreTimer(), name: String? = nil) {
        self.currentStoreID = currentStoreID
        self.timer = timer
        self.name = name
    }

    /// Whether it holds nothing worth a file.
    package var isEmpty: Bool { currentStoreID == nil && timer.hasSameState(as: StoreTimer()) && name == nil }
}
