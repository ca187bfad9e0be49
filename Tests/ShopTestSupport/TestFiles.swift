import Foundation

// Helpers every tier of tests uses: temporary folders, raw bytes, a seeded generator.

/// Runs `body` with a fresh temporary folder that is removed afterwards, whatever happens.
package func withTemporaryDirectory<R>(_ body: (String) throws -> R) throws -> R {
    let base = FileManager.default.temporaryDirectory.appendingPathComponent("shop-store-tests-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: base, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(at: base) }
    return try body(base.path)
}

/// The permission bits of a path.
package func permissions(_ path: String) throws -> Int {
    let attributes = try FileManager.default.attributesOfItem(atPath: path)
    return (attributes[.posixPermissions] as? NSNumber)?.intValue ?? -1
}

package func readBytes(_ path: String) throws -> [UInt8] {
    [UInt8](try Data(contentsOf: URL(fileURLWithPath: path)))
}

package func writeBytes(_ bytes: [UInt8], _ path: String) throws {
    try Data(bytes).write(to: URL(fileURLWithPath: path))
}

/// A seeded random number generator (SplitMix64), so failures reproduce.
package struct SeededGenerator: RandomNumberGenerator {
    var state: UInt64
    package init(seed: UInt64) { state = seed }
    package mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }
}
