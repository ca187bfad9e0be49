/// Options declared once and shared by the commands that take them, as swift-argument-parser's `@OptionGroup`: each
/// option of the group is bound to a property of the group's struct. A command lists the group's ``specs`` in its row
/// and reads the whole group, typed, with `Group(invocation.options)`.
public protocol OptionGroup {
    /// Every option left out.
    init()
    /// The group's options in the order help lists them, each bound to its property.
    static var bindings: [OptionBinding<Self>] { get }
}

extension OptionGroup {
    /// The group's options as given on the command line, each decoded into its property.
    @inlinable public init(_ values: OptionValues) {
        self.init()
        for binding in Self.bindings { binding.read(values, &self) }
    }

    /// The group's declarations, for a command's row.
    @inlinable public static var specs: [OptionSpec] { bindings.map(\.spec) }
}

/// One option of an ``OptionGroup`` and the property its value goes to.
public struct OptionBinding<Group> {
    public let spec: OptionSpec
    /// Decodes the option's last value (if given) into its property.
    public let read: (OptionValues, inout Group) -> Void
    /// For a flag that clears a setting (`--no-price`), the setting: `add` leaves the flag out; both is a usage error.
    public let clears: OptionSpec?

    // Inlinable, as is ``OptionGroup/specs``: across the module boundary, unspecialised, building the table's
    // groups cost 2 M instructions more at every start (`.bench/callgrind`, list 1k).
    // The closures capture the key's name, not the generic key itself, which costs more to copy when
    // the table is built, in every process (measured: see .bench/README.md).

    /// An option with a value, bound to an optional property (`nil`: not given).
    @inlinable public init<Value>(_ key: OptionKey<Value>, _ property: WritableKeyPath<Group, Value?>) {
        spec = key.spec
        clears = nil
        let long = key.spec.long
        read = { values, group in group[keyPath: property] = values.last(of: long, as: Value.self) }
    }

    /// A flag, bound to a `Bool` property (`true`: given); `clearing` the setting it undoes, if any.
    @inlinable public init(
        _ key: OptionKey<Bool>, _ property: WritableKeyPath<Group, Bool>, clearing setting: OptionSpec? = nil
    ) {
        spec = key.spec
        clears = setting
        let long = key.spec.long
        read = { values, group in group[keyPath: property] = values.isGiven(long) }
    }
}
