#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// The name a device is known by (SPEC section 12, "Who"): the one given with `shop device name NAME`,
/// kept in the device file and never synced, else the machine's host name. Purchases record it (`"by"`),
/// `sync` commits carry it as the author, and conflict lines name the device that won.
public enum DeviceName {
    /// The machine's host name; `localhost` when it has none. What a device that was never named is called.
    public static var hostName: String {
        var buffer = [CChar](repeating: 0, count: 256)
        guard gethostname(&buffer, buffer.count) == 0 else { return "localhost" }
        let name = String(decoding: buffer.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
        // A host name is not checked by rule 1 anywhere else; one that breaks it is not a usable name.
        guard let checked = try? Validation.name(name, kind: .device) else { return "localhost" }
        return checked
    }
}

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
            switch try file.read() {
            case .missing:
                // A data file of version 1 or 2 may still hold the current store and timer: hand them over
                // with the name, as any other first write of the device file does.
                state = ((try? loadIfPresent()) ?? nil)?.deviceState ?? DeviceState()
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
