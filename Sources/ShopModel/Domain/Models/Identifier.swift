import ShopJSON

/// A typed identifier: an `Identifier<Item>` cannot be passed where an `Identifier<Location>` is wanted.
///
/// Encoded as the plain uppercase UUID string (`"E621E1F8-C36C-495A-93FC-0C247A3E6E5F"`). Equality and hashing are
/// the UUID's own: hand-written ones saved under 1% (.bench/figures-in-code.md).
public struct Identifier<Owner>: Hashable, Sendable, Comparable, CustomStringConvertible {
    /// The underlying UUID.
    public let uuid: UUID

    /// Wraps an existing UUID.
    public init(_ uuid: UUID) {
        self.uuid = uuid
    }

    /// A fresh random identifier.
    public static func random() -> Identifier {
        Identifier(UUID())
    }

    /// Parses the canonical 36-character UUID form, in either case; `nil` when malformed.
    public init?(string: String) {
        guard let uuid = UUIDText.parse(Array(string.utf8)) else { return nil }
        self.uuid = uuid
    }

    /// The canonical uppercase UUID string.
    public var description: String { uuid.uuidString }

    /// Orders by the UUID string, which is the tie-breaker of the walking order.
    public static func < (lhs: Identifier, rhs: Identifier) -> Bool {
        // Byte order of the UUID is the order of its uppercase hex text, without building the text.
        withUnsafeBytes(of: lhs.uuid.uuid) { left in
            withUnsafeBytes(of: rhs.uuid.uuid) { right in left.lexicographicallyPrecedes(right) }
        }
    }
}

extension Identifier {
    /// The 32 uppercase hex digits without hyphens, which `id:PREFIX` references match against.
    public var hexDigits: String { description.filter { $0 != "-" } }
}
