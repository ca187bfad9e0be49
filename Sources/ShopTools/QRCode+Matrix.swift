/// The matrix of a QR code: function patterns, where the codewords go, masks, format and version bits.
extension QRCode {
    /// Sets a function module (one the data must go around).
    private mutating func setFunction(row: Int, column: Int, dark: Bool) {
        modules[row * size + column] = dark
        isFunctionModule[row * size + column] = true
    }

    /// Whether a module belongs to a function pattern.
    func isFunctionAt(row: Int, column: Int) -> Bool { isFunctionModule[row * size + column] }

    /// The centres of the alignment patterns along each axis (none for version 1).
    static func alignmentCentres(version: Int) -> [Int] {
        [[], [6, 18], [6, 22], [6, 26], [6, 30], [6, 34], [6, 22, 38], [6, 24, 42], [6, 26, 46], [6, 28, 50]][
            version - 1]
    }

    /// Finder patterns with their separators, timing patterns, alignment patterns, the dark module, and
    /// the version bits; the format areas are reserved (drawn per mask).
    mutating func drawFunctionPatterns() {
        for index in 0..<size {
            setFunction(row: 6, column: index, dark: index % 2 == 0)
            setFunction(row: index, column: 6, dark: index % 2 == 0)
        }
        for (row, column) in [(3, 3), (3, size - 4), (size - 4, 3)] {
            for dy in -4...4 {
                for dx in -4...4 {
                    let (r, c) = (row + dy, column + dx)
                    guard r >= 0, r < size, c >= 0, c < size else { continue }
                    let distance = max(abs(dx), abs(dy))
                    setFunction(row: r, column: c, dark: distance != 2 && distance != 4)
                }
            }
        }
        let centres = Self.alignmentCentres(version: version)
        for row in centres {
            for column in centres {
                // Not over the finder patterns.
                if (row == 6 && column == 6) || (row == 6 && column == centres.last!)
                    || (row == centres.last! && column == 6)
                {
                    continue
                }
                for dy in -2...2 {
                    for dx in -2...2 {
                        setFunction(row: row + dy, column: column + dx, dark: max(abs(dx), abs(dy)) != 1)
                    }
                }
            }
        }
        drawFormatBits(mask: 0)  // reserves the areas; redrawn for the chosen mask
        setFunction(row: size - 8, column: 8, dark: true)
        guard version >= 7 else { return }
        let bits = Self.versionBits(version)
        for index in 0..<18 {
            let dark = (bits >> index) & 1 == 1
            let (a, b) = (size - 11 + index % 3, index / 3)
            setFunction(row: a, column: b, dark: dark)
            setFunction(row: b, column: a, dark: dark)
        }
    }

    /// The 15 format bits of level M and `mask`: 5 data bits, a BCH(15,5) remainder (0x537), masked with 0x5412.
    static func formatBits(mask: Int) -> Int {
        let data = 0b00 << 3 | mask  // level M is 00
        var remainder = data
        for _ in 0..<10 { remainder = (remainder << 1) ^ ((remainder >> 9) * 0x537) }
        return (data << 10 | remainder) ^ 0x5412
    }

    /// The 18 version bits: the version and a BCH(18,6) remainder (generator 0x1F25).
    static func versionBits(_ version: Int) -> Int {
        var remainder = version
        for _ in 0..<12 { remainder = (remainder << 1) ^ ((remainder >> 11) * 0x1F25) }
        return version << 12 | remainder
    }

    /// The positions of the two copies of format bit `index` (0 the lowest), as (row, column).
    func formatPositions(_ index: Int) -> [(row: Int, column: Int)] {
        let first: (Int, Int) =
            switch index {
            case 0...5: (index, 8)
            case 6: (7, 8)
            case 7: (8, 8)
            case 8: (8, 7)
            default: (8, 14 - index)
            }
        let second: (Int, Int) = index < 8 ? (8, size - 1 - index) : (size - 15 + index, 8)
        return [first, second]
    }

    /// Draws both copies of the format bits for `mask`.
    mutating func drawFormatBits(mask: Int) {
        let bits = Self.formatBits(mask: mask)
        for index in 0..<15 {
            for (row, column) in formatPositions(index) {
                setFunction(row: row, column: column, dark: (bits >> index) & 1 == 1)
            }
        }
    }

    /// The data modules in the order the codewords fill them: two-column strips from the right edge,
    /// upwards then downwards, skipping the vertical timing pattern and every function module.
    func dataPositions() -> [(row: Int, column: Int)] {
        var positions: [(row: Int, column: Int)] = []
        var right = size - 1
        var upward = true
        while right >= 1 {
            if right == 6 { right = 5 }
            for step in 0..<size {
                let row = upward ? size - 1 - step : step
                for column in [right, right - 1] where !isFunctionAt(row: row, column: column) {
                    positions.append((row, column))
                }
            }
            upward.toggle()
            right -= 2
        }
        return positions
    }

    /// Writes the codewords' bits, most significant first; leftover modules (remainder bits) stay light.
    mutating func place(_ codewords: [UInt8]) {
        let positions = dataPositions()
        for (index, position) in positions.enumerated() where index < codewords.count * 8 {
            let bit = (codewords[index / 8] >> (7 - index % 8)) & 1 == 1
            modules[position.row * size + position.column] = bit
        }
    }

    /// Whether mask pattern `mask` flips the module at `row`, `column`.
    static func masks(_ mask: Int, row: Int, column: Int) -> Bool {
        switch mask {
        case 0: (row + column) % 2 == 0
        case 1: row % 2 == 0
        case 2: column % 3 == 0
        case 3: (row + column) % 3 == 0
        case 4: (row / 2 + column / 3) % 2 == 0
        case 5: (row * column) % 2 + (row * column) % 3 == 0
        case 6: ((row * column) % 2 + (row * column) % 3) % 2 == 0
        default: ((row + column) % 2 + (row * column) % 3) % 2 == 0
        }
    }

    /// Flips the data modules `mask` selects.
    mutating func apply(mask: Int) {
        self.mask = mask
        for row in 0..<size {
            for column in 0..<size
            where !isFunctionAt(row: row, column: column) && Self.masks(mask, row: row, column: column) {
                modules[row * size + column].toggle()
            }
        }
    }
}
