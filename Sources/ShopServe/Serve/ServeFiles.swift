import ShopFormats
import ShopModel

/// What `shop serve` keeps beside the data file, on this device only (SPEC section 13): the token (`.serve-token`) and
/// the ids of the ops it applied (`.serve-ops`). Both are mode 0600, never written through a symbolic link, and kept
/// out of git (`sync` excludes them and refuses a remote that puts anything there).
public struct ServeFiles: Sendable {
    /// The token file.
    public let tokenPath: String
    /// The op ledger: one `<op id> <unix seconds>` a line.
    public let ledgerPath: String

    /// How long an applied op's id is remembered: a phone that comes back after that long sends ops that apply again.
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

    /// The ids of ops applied, and of those turned down (``recordDeclined(_:gone:now:)``, each with
    /// whether it was `gone`), in the last 90 days: one read of the ledger. A line that cannot be read is skipped (an
    /// op may apply twice).
    public func ledgerOps(now: Date) throws(ShopError) -> (
        applied: Set<Identifier<ServeOp>>, declined: [Identifier<ServeOp>: ServeOpResult]
    ) {
        var applied: Set<Identifier<ServeOp>> = []
        var declined: [Identifier<ServeOp>: ServeOpResult] = [:]
        for (id, entry) in try ledger(now: now) {
            switch entry.outcome {
            case .applied: applied.insert(id)
            case .gone: declined[id] = .gone
            case .declined: declined[id] = .declined(ShoppingList.declinedBeforeMessage)
            }
        }
        return (applied, declined)
    }

    /// Remembers `ids` as applied at `now`, forgetting those older than 90 days.
    public func record(_ ids: [Identifier<ServeOp>], now: Date) throws(ShopError) {
        try write(ids.map { ($0, .applied) }, now: now)
    }

    /// Remembers `ids` as not applied at `now`: `gone` for those in `gone`, refused or declined the rest. Written
    /// before the data file, so that a batch sent again after a kill between the two writes is answered as the first
    /// time: an op turned down is not looked at afresh, where a later op of its batch (an `add` putting back the item a
    /// `buy` found bought) would make it apply (SPEC 20).
    public func recordDeclined(
        _ ids: [Identifier<ServeOp>], gone: Set<Identifier<ServeOp>> = [], now: Date
    ) throws(ShopError) {
        try write(ids.map { ($0, gone.contains($0) ? .gone : .declined) }, now: now)
    }

    private func write(_ outcomes: [(Identifier<ServeOp>, LedgerEntry.Outcome)], now: Date) throws(ShopError) {
        guard !outcomes.isEmpty else { return }
        var entries = try ledger(now: now)
        let seconds = Int(now.timeIntervalSince1970)
        for (id, outcome) in outcomes { entries[id] = LedgerEntry(seconds: seconds, outcome: outcome) }
        var text = ""
        let sorted = entries.sorted {
            $0.value.seconds != $1.value.seconds ? $0.value.seconds < $1.value.seconds : $0.key < $1.key
        }
        // An applied op is `<id> <seconds>`; one turned down has a third word (`gone`, `declined`), which an older
        // shop skips as a line it cannot read.
        for (id, entry) in sorted {
            text += "\(id) \(entry.seconds)" + (entry.outcome == .applied ? "" : " " + entry.outcome.rawValue) + "\n"
        }
        try POSIXFile.makeDirectories(POSIXFile.parent(of: ledgerPath))
        try AtomicFile.writeOwnFile(Array(text.utf8), to: ledgerPath)
    }

    /// One line of the ledger: when, and what came of the op.
    private struct LedgerEntry {
        enum Outcome: String {
            case applied, gone, declined
        }
        var seconds: Int
        var outcome: Outcome
    }

    /// The ledger's entries no older than 90 days.
    private func ledger(now: Date) throws(ShopError) -> [Identifier<ServeOp>: LedgerEntry] {
        guard let bytes = try POSIXFile.read(ledgerPath, followingLinks: false, expectingRegularFile: true) else {
            return [:]
        }
        let oldest = Int(now.timeIntervalSince1970) - Self.ledgerDays * 86_400
        var entries: [Identifier<ServeOp>: LedgerEntry] = [:]
        for line in bytes.split(separator: UInt8(ascii: "\n")) {
            let fields = line.split(separator: UInt8(ascii: " "))
            let outcome =
                fields.count == 3 ? LedgerEntry.Outcome(rawValue: String(decoding: fields[2], as: UTF8.self)) : .applied
            guard fields.count == 2 || fields.count == 3, let outcome, outcome != .applied || fields.count == 2,
                let id = Identifier<ServeOp>(string: String(decoding: fields[0], as: UTF8.self)),
                let seconds = Int(String(decoding: fields[1], as: UTF8.self)), seconds >= oldest
            else { continue }
            entries[id] = LedgerEntry(seconds: seconds, outcome: outcome)
        }
        return entries
    }
}
