/// Levenshtein distance, for "did you mean" suggestions.
public enum EditDistance {
    /// The number of single-character insertions, deletions and substitutions turning `a` into `b`.
    public static func between(_ a: String, _ b: String) -> Int {
        let a = Array(a.unicodeScalars)
        let b = Array(b.unicodeScalars)
        if a.isEmpty { return b.count }
        if b.isEmpty { return a.count }
        var previous = Array(0...b.count)
        var current = [Int](repeating: 0, count: b.count + 1)
        for i in 1...a.count {
            current[0] = i
            for j in 1...b.count {
                let substitution = previous[j - 1] + (a[i - 1] == b[j - 1] ? 0 : 1)
                current[j] = min(previous[j] + 1, current[j - 1] + 1, substitution)
            }
            swap(&previous, &current)
        }
        return previous[b.count]
    }

    /// Whether `a` and `b` are within `limit` edits; cheap when their lengths alone rule it out.
    public static func atMost(_ limit: Int, _ a: String, _ b: String) -> Bool {
        guard abs(a.unicodeScalars.count - b.unicodeScalars.count) <= limit else { return false }
        return between(a, b) <= limit
    }
}
