/// One step of a Cooklang file being written: plain text with ingredient marks put in where the step first names an
/// ingredient. Marked parts are never searched again, so `olive oil` marked first keeps `oil` from matching inside it.
struct StepText {
    private enum Segment {
        case plain(String)
        case marked(String)
    }

    private var segments: [Segment]
    private let isSection: Bool

    init(text: String) {
        segments = [.plain(text)]
        isSection = false
    }

    init(section name: String) {
        segments = [.marked("== \(name) ==")]
        isSection = true
    }

    var text: String {
        segments.map {
            switch $0 {
            case .plain(let text), .marked(let text): text
            }
        }.joined()
    }

    /// Puts `mark` in place of the first whole-word, case-insensitive mention of `name`; `false` when there is none.
    mutating func markFirst(of name: String, with mark: String) -> Bool {
        guard !isSection, !name.isEmpty else { return false }
        let wanted = Array(name.lowercased())
        for (position, segment) in segments.enumerated() {
            guard case .plain(let text) = segment else { continue }
            let characters = Array(text)
            let lowered = characters.map { Character($0.lowercased()) }
            guard lowered.count >= wanted.count else { continue }
            for start in 0...(lowered.count - wanted.count) where lowered[start] == wanted[0] {
                let end = start + wanted.count
                guard Array(lowered[start..<end]) == wanted else { continue }
                let before = start == 0 || !(characters[start - 1].isLetter || characters[start - 1].isNumber)
                let after = end == characters.count || !(characters[end].isLetter || characters[end].isNumber)
                guard before, after else { continue }
                var replacement: [Segment] = []
                if start > 0 { replacement.append(.plain(String(characters[..<start]))) }
                replacement.append(.marked(mark))
                if end < characters.count { replacement.append(.plain(String(characters[end...]))) }
                segments.replaceSubrange(position...position, with: replacement)
                return true
            }
        }
        return false
    }
}
