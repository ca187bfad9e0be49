#if canImport(FoundationEssentials)
    import FoundationEssentials
#else
    import Foundation
#endif

/// A typed identifier: an `Identifier<Item>` cannot be passed where an `Identifier<Location>` is wanted.
///
/// Encoded as the plain uppercase UUID string (`"E621E1F8-C36C-495A-93FC-0C247A3E6E5F"`).
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
        guard let uuid = UUID(uuidString: string) else { return nil }
        self.uuid = uuid
    }

    /// The canonical uppercase UUID string.
    public var description: String { uuid.uuidString }

    /// Orders by the UUID string, which is the tie-breaker of the walking order.
    public static func < (lhs: Identifier, rhs: Identifier) -> Bool {
        lhs.uuid.uuidString < rhs.uuid.uuidString
    }
}

extension Identifier {
    /// The 32 uppercase hex digits without hyphens, which `id:PREFIX` references match against.
    public var hexDigits: String { uuid.uuidString.filter { $0 != "-" } }
}
