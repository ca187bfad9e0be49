/// "Did you mean ...?" for a mistyped command or option name.
public enum Suggestion {
    /// The candidate closest to `word`: one it is a prefix of, or one within an edit distance of 2, by
    /// `distance`. Ties go to the earlier candidate, so table order decides. Words too short to judge get none.
    public static func closest(
        to word: String, among candidates: [String], distance: (String, String) -> Int
    ) -> String? {
        let bare = word.drop { $0 == "-" }
        // One or two letters (`-x`, `ab`) are within distance 2 of almost everything: no useful hint.
        guard bare.count >= 2 else { return nil }
        var best: (candidate: String, distance: Int)?
        for candidate in candidates where candidate != word {
            let distance = candidate.hasPrefix(word) ? 0 : distance(word, candidate)
            guard distance <= 2, distance < candidate.count - 1 else { continue }
            if best == nil || distance < best!.distance {
                best = (candidate, distance)
            }
        }
        return best?.candidate
    }

    /// `". Did you mean 'x'?"` or the empty string: appended to a message that has no final period.
    public static func hint(for word: String, among candidates: [String], distance: (String, String) -> Int) -> String {
        closest(to: word, among: candidates, distance: distance).map { ". Did you mean '\($0)'?" } ?? ""
    }
}
