/// "Did you mean ...?" for a mistyped command or option name.
enum Suggestion {
    /// The candidate closest to `word`: one it is a prefix of, or one within an edit distance of 2.
    /// Ties go to the earlier candidate, so table order decides. Words too short to judge get none.
    static func closest(to word: String, among candidates: [String]) -> String? {
        let bare = word.drop { $0 == "-" }
        // One or two letters (`-x`, `ab`) are within distance 2 of almost everything: no useful hint.
        guard bare.count >= 2 else { return nil }
        var best: (candidate: String, distance: Int)?
        for candidate in candidates where candidate != word {
            let distance = candidate.hasPrefix(word) ? 0 : editDistance(word, candidate)
            guard distance <= 2, distance < candidate.count - 1 else { continue }
            if best == nil || distance < best!.distance {
                best = (candidate, distance)
            }
        }
        return best?.candidate
    }

    /// The Levenshtein distance between `a` and `b`: insertions, deletions and substitutions, one each.
    static func editDistance(_ a: String, _ b: String) -> Int {
        let a = Array(a)
        let b = Array(b)
        if a.isEmpty { return b.count }
        if b.isEmpty { return a.count }
        // Two rows of the classic table are enough.
        var previous = Array(0...b.count)
        var current = [Int](repeating: 0, count: b.count + 1)
        for i in 1...a.count {
            current[0] = i
            for j in 1...b.count {
                let substitution = previous[j - 1] + (a[i - 1] == b[j - 1] ? 0 : 1)
                current[j] = min(substitution, previous[j] + 1, current[j - 1] + 1)
            }
            swap(&previous, &current)
        }
        return previous[b.count]
    }

    /// `". Did you mean 'x'?"` or the empty string: appended to a message that has no final period.
    static func hint(for word: String, among candidates: [String]) -> String {
        closest(to: word, among: candidates).map { ". Did you mean '\($0)'?" } ?? ""
    }
}
