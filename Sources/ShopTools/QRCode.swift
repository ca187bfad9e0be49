/// A QR code (ISO/IEC 18004) of a short text such as `shop serve`'s link: byte mode, error correction
/// level M (about 15% of the code may be damaged), versions 1 to 10 (up to 213 bytes), the mask with the
/// lowest penalty. Written from the standard; the tests check the error correction of every block, the
/// format and version bits, and that reading the modules back gives the codewords.
public struct QRCode: Sendable, Equatable {
    /// The version, 1...10: the code is 17 + 4 × version modules a side.
    public let version: Int
    /// The mask pattern chosen, 0...7.
    public internal(set) var mask: Int
    /// Modules a side.
    public let size: Int
    /// Row by row, `true` for a dark module.
    public internal(set) var modules: [Bool]
    /// Which modules are function patterns (finders, timing, alignment, format, version).
    var isFunctionModule: [Bool]

    /// The longest text this encoder takes, in UTF-8 bytes (version 10, level M).
    public static let maximumLength = 213

    /// Whether the module at `row`, `column` is dark; outside the code (the quiet zone) it is light.
    public subscript(row: Int, column: Int) -> Bool {
        guard row >= 0, row < size, column >= 0, column < size else { return false }
        return modules[row * size + column]
    }

    /// The code of `text` (its UTF-8 bytes); `nil` when longer than ``maximumLength``.
    /// - Parameter mask: a fixed mask (for tests); by default the one with the lowest penalty.
    public init?(_ text: String, mask fixedMask: Int? = nil) {
        let data = Array(text.utf8)
        guard
            let version = (1...10).first(where: {
                Self.dataCapacity(version: $0) >= Self.bitLength(data.count, version: $0)
            })
        else { return nil }
        let codewords = Self.codewords(for: data, version: version)
        var blank = QRCode(version: version)
        blank.drawFunctionPatterns()
        blank.place(codewords)
        var best: QRCode?
        var bestPenalty = Int.max
        for mask in fixedMask.map({ [$0] }) ?? Array(0..<8) {
            var candidate = blank
            candidate.apply(mask: mask)
            candidate.drawFormatBits(mask: mask)
            let penalty = candidate.penalty()
            if penalty < bestPenalty {
                best = candidate
                bestPenalty = penalty
            }
        }
        self = best!
    }

    /// An empty matrix of `version`.
    private init(version: Int) {
        self.version = version
        self.size = 17 + 4 * version
        self.mask = 0
        modules = [Bool](repeating: false, count: size * size)
        isFunctionModule = modules
    }

    // MARK: - Capacity and codewords

    /// Level M's error correction per version: codewords per block, and the blocks (short ones first,
    /// long ones holding one more data codeword).
    static let errorCorrection: [(perBlock: Int, shortBlocks: Int, longBlocks: Int)] = [
        (10, 1, 0), (16, 1, 0), (26, 1, 0), (18, 2, 0), (24, 2, 0),
        (16, 4, 0), (18, 4, 0), (22, 2, 2), (22, 3, 2), (26, 4, 1),
    ]

    /// All codewords of a version (data and error correction).
    static func totalCodewords(version: Int) -> Int {
        [26, 44, 70, 100, 134, 172, 196, 242, 292, 346][version - 1]
    }

    /// The data codewords of a version at level M.
    static func dataCodewords(version: Int) -> Int {
        let ec = errorCorrection[version - 1]
        return totalCodewords(version: version) - ec.perBlock * (ec.shortBlocks + ec.longBlocks)
    }

    static func dataCapacity(version: Int) -> Int { dataCodewords(version: version) * 8 }

    /// Bits needed for `count` bytes: mode (4), character count (8 bits up to version 9, then 16), data.
    static func bitLength(_ count: Int, version: Int) -> Int {
        4 + (version < 10 ? 8 : 16) + 8 * count
    }

    /// The data bits (mode, count, bytes, terminator, padding), split into blocks, each followed by
    /// its error correction, interleaved in the standard's order.
    static func codewords(for data: [UInt8], version: Int) -> [UInt8] {
        var bits: [Bool] = []
        func append(_ value: Int, _ count: Int) {
            for shift in stride(from: count - 1, through: 0, by: -1) { bits.append((value >> shift) & 1 == 1) }
        }
        append(0b0100, 4)
        append(data.count, version < 10 ? 8 : 16)
        for byte in data { append(Int(byte), 8) }
        let capacity = dataCapacity(version: version)
        append(0, min(4, capacity - bits.count))
        append(0, (8 - bits.count % 8) % 8)
        var bytes = stride(from: 0, to: bits.count, by: 8).map { start in
            bits[start..<(start + 8)].reduce(UInt8(0)) { $0 << 1 | ($1 ? 1 : 0) }
        }
        var pad: UInt8 = 0xEC
        while bytes.count < capacity / 8 {
            bytes.append(pad)
            pad = pad == 0xEC ? 0x11 : 0xEC
        }
        return interleave(blocks(of: bytes, version: version), version: version)
    }

    /// The data split into the version's blocks, each with its error correction.
    static func blocks(of data: [UInt8], version: Int) -> [(data: [UInt8], ec: [UInt8])] {
        let ec = errorCorrection[version - 1]
        let blockCount = ec.shortBlocks + ec.longBlocks
        let shortLength = data.count / blockCount
        var blocks: [(data: [UInt8], ec: [UInt8])] = []
        var start = 0
        for index in 0..<blockCount {
            let length = shortLength + (index < ec.shortBlocks ? 0 : 1)
            let block = Array(data[start..<(start + length)])
            blocks.append((block, ReedSolomon.remainder(of: block, count: ec.perBlock)))
            start += length
        }
        return blocks
    }

    /// Data codewords column by column across the blocks, then error correction the same way.
    static func interleave(_ blocks: [(data: [UInt8], ec: [UInt8])], version: Int) -> [UInt8] {
        var result: [UInt8] = []
        let longest = blocks.map(\.data.count).max() ?? 0
        for column in 0..<longest {
            for block in blocks where column < block.data.count { result.append(block.data[column]) }
        }
        for column in 0..<(blocks.first?.ec.count ?? 0) {
            for block in blocks { result.append(block.ec[column]) }
        }
        return result
    }
}
