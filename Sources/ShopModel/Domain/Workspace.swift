/// What one command works on: the household's shared records (``ShoppingList``, the data file), their purchase
/// history (``PurchaseLog``, the log file beside it) and this device's own state (``DeviceState``, the device file),
/// loaded together once and written back in one step, each to its own file (``DataFileStore/update(loadingLog:loadingLogWhen:_:beforeWrite:describe:afterWrite:)``).
public struct Workspace: Hashable, Sendable {
    /// The shared records.
    public var list: ShoppingList
    /// The purchase history as far as the command read it (``PurchaseLog/isLoaded``), with the marker of the log
    /// file's state that the data file names; what the command adds to it is appended to the file.
    public var log: PurchaseLog
    /// This device's current store, timer and name.
    public var device: DeviceState

    /// The records, history and device state given; a current store the list lacks is none.
    public init(
        list: ShoppingList, log: PurchaseLog = PurchaseLog(isLoaded: false), device: DeviceState = DeviceState()
    ) {
        self.list = list
        self.log = log
        self.device = device.checked(against: list)
    }

    /// This device's current store, if it still exists.
    public var currentStore: Store? { device.currentStore(in: list) }
}
