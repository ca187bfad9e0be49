import ShopFormats
import ShopModel

#if canImport(FoundationEssentials)
    import FoundationEssentials
#else
    import Foundation
#endif

/// What `shop serve` keeps beside the data file, on this device only (SPEC section 13): the token
/// (`<data file>.serve-token`) and the ids of the ops it applied (`<data file>.serve-ops`). Both are
/// mode 0600, never written through a symbolic link, and kept out of git like the device file (`sync`
/// excludes them and refuses a remote that puts anything there).
public struct ServeFiles: Sendable {
    /// The token file.
    public let tokenPath: String
    /// The op ledger: one `<op id> <unix seconds>` a line.
    public let ledgerPath: String

    /// How long an applied op's id is remembered: a phone that comes back after that long sends ops
    /// that apply again.
    public static let ledgerDays = 90

    /// The files beside `store`'s (resolved) data file.
    public init(store: DataFileStore) {
        let base = store.resolvedPath
        tokenPath = SiblingFile.serveToken.path(beside: base)
        ledgerPath = SiblingFile.serveOps.path(beside: base)
    }

    /// The token: read from its file, or (when there is none, or `renew`) 128 fresh random bits written
    /// there first, as 32 lowercase hex digits.
    /// - Throws: ``ShopError/corruptFile(path:detail:)`` for a file that holds no token,
    ///   ``ShopError/cannotRead(path:reason:)`` / ``ShopError/cannotWrite(path:reason:)``.
    public func token(renew: Bool) throws(ShopError) -> String {
        if !renew, let bytes = try POSIXFile.read(tokenPath, followingLinks: false, expectingRegularFile: true) {
            let text = String(decoding: bytes, as: UTF8.self).filter { !$0.isWhitespace }
            guard text.utf8.count == 32, text.utf8.allSatisfy({ Self.hexDigits.contains($0) }) else {
                throw .corruptFile(
                    path: tokenPath, detail: "it holds no token of 32 hex digits (--new-token makes one)")
            }
            return text
        }
        var generator = SystemRandomNumberGenerator()  // getrandom(2): cryptographically secure
        let bytes = (0..<16).map { _ in UInt8.random(in: 0...255, using: &generator) }
        let token = String(
            decoding: bytes.flatMap { [Self.hexDigits[Int($0 >> 4)], Self.hexDigits[Int($0 & 15)]] }, as: UTF8.self)
        try POSIXFile.makeDirectories(POSIXFile.parent(of: tokenPath))
        try AtomicFile.writeOwnFile(Array((token + "\n").utf8), to: tokenPath)
        return token
    }

    private static let hexDigits = Array("0123456789abcdef".utf8)

    /// The ids of ops applied in the last 90 days. A line that cannot be read is skipped: the worst it
    /// can do is let an op apply twice.
    public func appliedOps(now: Date) throws(ShopError) -> Set<Identifier<ServeOp>> {
        Set(try ledger(now: now).keys)
    }

    /// Remembers `ids` as applied at `now`, forgetting those older than 90 days.
    public func record(_ ids: [Identifier<ServeOp>], now: Date) throws(ShopError) {
        guard !ids.isEmpty else { return }
        var entries = try ledger(now: now)
        let seconds = Int(now.timeIntervalSince1970)
        for id in ids { entries[id] = seconds }
        var text = ""
        for (id, seconds) in entries.sorted(by: { $0.value != $1.value ? $0.value < $1.value : $0.key < $1.key }) {
            text += "\(id) \(seconds)\n"
        }
        try POSIXFile.makeDirectories(POSIXFile.parent(of: ledgerPath))
        try AtomicFile.writeOwnFile(Array(text.utf8), to: ledgerPath)
    }

    /// The ledger's entries no older than 90 days.
    private func ledger(now: Date) throws(ShopError) -> [Identifier<ServeOp>: Int] {
        guard let bytes = try POSIXFile.read(ledgerPath, followingLinks: false, expectingRegularFile: true) else {
            return [:]
        }
        let oldest = Int(now.timeIntervalSince1970) - Self.ledgerDays * 86_400
        var entries: [Identifier<ServeOp>: Int] = [:]
        for line in bytes.split(separator: UInt8(ascii: "\n")) {
            let fields = line.split(separator: UInt8(ascii: " "))
            guard fields.count == 2, let id = Identifier<ServeOp>(string: String(decoding: fields[0], as: UTF8.self)),
                let seconds = Int(String(decoding: fields[1], as: UTF8.self)), seconds >= oldest
            else { continue }
            entries[id] = seconds
        }
        return entries
    }
}
