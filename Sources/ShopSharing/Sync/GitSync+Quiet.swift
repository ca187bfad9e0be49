import ShopModel

/// A quiet history (SPEC 14): a sync with nothing of its own to send makes no commit, a remote that alone
/// moved is fast-forwarded to, and a merge commit is made only when both sides changed.
///
/// One thing makes two devices' data files differ when their lists are the same: the purchase log
/// marker (`"purchaseLog" : {"check", "inode", "length"}`) names this device's own log file, by its inode.
/// Compared byte for byte, every device's file differs from every other's as soon as a purchase is
/// logged, and each sync would send a commit that only changes the inode, which the next device answers
/// with its own: the ping-pong a household saw (126 commits in two weeks). So the data file is compared
/// with a commit's "as shared": with the marker's member left out, when the logs themselves are the same.
extension GitSync {
    /// Whether two data files hold the same list and the same log length: equal bytes once the top-level
    /// `"purchaseLog"` member is cut from each. Only a file laid out as shop writes it has that member where
    /// this looks for it; any other file compares byte for byte, which at worst makes one commit too many.
    static func sameWhenShared(_ lhs: [UInt8], _ rhs: [UInt8]) -> Bool {
        if lhs == rhs { return true }
        guard let left = markerRange(lhs), let right = markerRange(rhs) else { return false }
        return lhs[..<left.lowerBound].elementsEqual(rhs[..<right.lowerBound])
            && lhs[left.upperBound...].elementsEqual(rhs[right.upperBound...])
    }

    /// The bytes of `\n  "purchaseLog" : {` ... `\n  }` in a data file shop wrote (pretty, two spaces).
    /// The marker is an object of three numbers and a hex string, so its first `}` closes it.
    static func markerRange(_ bytes: [UInt8]) -> Range<Int>? {
        let opening = Array("\n  \"purchaseLog\" : {".utf8)
        guard let start = firstIndex(of: opening, in: bytes) else { return nil }
        var end = start + opening.count
        while end < bytes.count, bytes[end] != UInt8(ascii: "}") { end += 1 }
        guard end < bytes.count else { return nil }
        return start..<(end + 1)
    }

    private static func firstIndex(of needle: [UInt8], in bytes: [UInt8]) -> Int? {
        guard let first = needle.first, bytes.count >= needle.count else { return nil }
        var index = 0
        let last = bytes.count - needle.count
        while index <= last {
            if bytes[index] == first, bytes[index..<(index + needle.count)].elementsEqual(needle) { return index }
            index += 1
        }
        return nil
    }

    /// Whether the data file's `bytes` are `blob` as shared (see ``sameWhenShared(_:_:)``).
    func isShared(_ bytes: [UInt8], as blob: String?, _ git: GitRepository) throws(ShopError) -> Bool {
        guard let blob else { return false }
        let stored = try git.run(["cat-file", "blob", blob])
        guard stored.succeeded else { return false }
        return Self.sameWhenShared(bytes, stored.output)
    }
}
