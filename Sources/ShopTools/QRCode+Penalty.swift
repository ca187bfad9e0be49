/// The standard's penalty of a masked matrix; the mask with the lowest one is used.
extension QRCode {
    /// N1 runs of five or more modules of one colour in a line (3 + each module past 5); N2 each 2×2
    /// block of one colour (3); N3 each finder-like 1:1:3:1:1 pattern with four light modules on one side
    /// (40); N4 10 for each full 5% that the share of dark modules is away from 50%.
    func penalty() -> Int {
        var total = 0
        for line in 0..<size {
            let row = (0..<size).map { self[line, $0] }
            let column = (0..<size).map { self[$0, line] }
            total += Self.runPenalty(row) + Self.runPenalty(column)
            total += Self.finderPenalty(row) + Self.finderPenalty(column)
        }
        for row in 0..<(size - 1) {
            for column in 0..<(size - 1) {
                let colour = self[row, column]
                if self[row, column + 1] == colour, self[row + 1, column] == colour, self[row + 1, column + 1] == colour
                {
                    total += 3
                }
            }
        }
        let dark = modules.reduce(0) { $0 + ($1 ? 1 : 0) }
        let percent = dark * 100 / modules.count
        total += abs(percent - 50) / 5 * 10
        return total
    }

    /// N1 of one line.
    static func runPenalty(_ line: [Bool]) -> Int {
        var total = 0
        var run = 1
        for index in 1...line.count {
            if index < line.count, line[index] == line[index - 1] {
                run += 1
                continue
            }
            if run >= 5 { total += 3 + run - 5 }
            run = 1
        }
        return total
    }

    /// N3 of one line: dark-light-dark×3-light-dark with four light modules before or after it (the
    /// quiet zone counts as light).
    static func finderPenalty(_ line: [Bool]) -> Int {
        let pattern = [true, false, true, true, true, false, true]
        func light(_ range: Range<Int>) -> Bool { range.allSatisfy { $0 < 0 || $0 >= line.count || !line[$0] } }
        var total = 0
        for start in 0...(line.count - pattern.count)
        where (0..<pattern.count).allSatisfy({ line[start + $0] == pattern[$0] }) {
            if light((start - 4)..<start) || light((start + 7)..<(start + 11)) { total += 40 }
        }
        return total
    }
}
