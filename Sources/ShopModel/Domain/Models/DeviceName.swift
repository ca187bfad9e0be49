#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// The name a device is known by (SPEC section 12, "Who"): the one given with `shop device name NAME` (kept in the
/// device file, never synced), else the host name. Purchases, `sync` commits and conflict lines carry it.
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
