import ShopModel

extension DataFileStore {
    /// This device's name: the one set with ``setDeviceName(_:)``, else ``DeviceName/hostName``.
    ///
    /// Reads the device file without the lock (it is replaced whole, by renaming). A missing or damaged
    /// device file, or one that cannot be read, gives the host name: a purchase or a commit is never refused
    /// for want of a name. This is what every purchase records as `"by"`.
    public func deviceName() -> String {
        deviceNameSetting() ?? DeviceName.hostName
    }

    /// The name set with ``setDeviceName(_:)``, or `nil` when none was (the host name is then used).
    public func deviceNameSetting() -> String? {
        guard case .state(let state) = try? deviceFile.read() else { return nil }
        return state.name
    }

    /// `shop device name NAME`: gives this device a name of its own, kept in the device file (never in the
    /// data file, never synced). Under the data file's lock; the data file is not touched.
    /// - Parameter raw: the name as typed; trimmed and checked by rule 1.
    /// - Returns: the name as kept, and whether it changed.
    /// - Throws: ``ShopError/invalidName(_:kind:problem:)`` (kind ``ShopError/Kind/device``), the damage of
    ///   an unreadable device file (it is never written over), ``ShopError/busy(lockPath:waitedSeconds:)``
    ///   or ``ShopError/cannotWrite(path:reason:)``.
    @discardableResult
    public func setDeviceName(_ raw: String) throws(ShopError) -> (name: String, changed: Bool) {
        let name = try Validation.name(raw, kind: .device)
        let target = resolvedPath
        try POSIXFile.makeDirectories(POSIXFile.parent(of: target))
        return try FileLock.withExclusiveLock(at: lockPath, timeout: lockTimeout) { () throws(ShopError) in
            let file = deviceFile
            var state: DeviceState
            switch try file.read(again: true) {
            case .missing:
                // A data file of version 1 or 2 may still hold the current store and timer: hand them over
                // with the name, as any other first write of the device file does.
                state = ((try? loadIfPresent()) ?? nil)?.legacyDevice ?? DeviceState()
            case .state(let read): state = read
            case .damaged(let problem): throw problem
            }
            guard state.name != name else { return (name, false) }
            state.name = name
            try file.write(state)
            return (name, true)
        }
    }
}
