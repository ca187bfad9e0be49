/// What one command works on: the household's shared records (``ShoppingList``, the data file) and this device's
/// own state (``DeviceState``, the device file), loaded together once and written back in one step, each to its
/// own file (``DataFileStore/update(loadingLog:loadingLogWhen:_:beforeWrite:describe:afterWrite:)``).
public struct Workspace: Hashable, Sendable {
    /// The shared records.
    public var list: ShoppingList
    /// This device's current store, timer and name.
    public var device: DeviceState

    /// The records and device state given; a current store the list lacks is none.
    public init(list: ShoppingList, device: DeviceState = DeviceState()) {
        self.list = list
        self.device = device.checked(against: list)
    }

    /// This device's current store, if it still exists.
    public var currentStore: Store? { device.currentStore(in: list) }
}
