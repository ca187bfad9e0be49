import ShopFormats
import ShopFormatsTests
import ShopHistory
import ShopJSON
import Testing

@testable import ShopModel
@testable import ShopServe
@testable import ShopTools

/// The QR encoder, checked without a decoder: error correction against the standard's worked examples
/// and by its defining property, format and version bits against the standard's tables and their BCH
/// codes, and the matrix read back module by module.
@Suite struct QRCodeTests {
    /// ISO/IEC 18004's example "01234567" at 1-M (its data codewords, with padding) and its error
    /// correction; and the widely worked "HELLO WORLD" at 1-M.
    static let vectors: [(data: [UInt8], ec: [UInt8])] = [
        (
            [0x10, 0x20, 0x0C, 0x56, 0x61, 0x80, 0xEC, 0x11, 0xEC, 0x11, 0xEC, 0x11, 0xEC, 0x11, 0xEC, 0x11],
            [0xA5, 0x24, 0xD4, 0xC1, 0xED, 0x36, 0xC7, 0x87, 0x2C, 0x55]
        ),
        (
            [0x20, 0x5B, 0x0B, 0x78, 0xD1, 0x72, 0xDC, 0x4D, 0x43, 0x40, 0xEC, 0x11, 0xEC, 0x11, 0xEC, 0x11],
            [0xC4, 0x23, 0x27, 0x77, 0xEB, 0xD7, 0xE7, 0xE2, 0x5D, 0x17]
        ),
    ]

    @Test(arguments: 0..<vectors.count) func reedSolomonMatchesTheWorkedExamples(_ index: Int) {
        let (data, ec) = Self.vectors[index]
        #expect(ReedSolomon.remainder(of: data, count: 10) == ec)
    }

    /// Every block of every version: the codeword polynomial vanishes at each root of the generator.
    @Test(arguments: 1...10) func everyBlockIsACodeword(_ version: Int) {
        let text = String(repeating: "x", count: max(0, QRCode.dataCodewords(version: version) - 3))
        let data = Array(
            QRCode.codewords(for: Array(text.utf8), version: version).prefix(QRCode.dataCodewords(version: version)))
        #expect(
            QRCode.codewords(for: Array(text.utf8), version: version).count == QRCode.totalCodewords(version: version))
        var start = 0
        for block in QRCode.blocks(of: QRCode.deinterleavedData(data, version: version), version: version) {
            let codeword = block.data + block.ec
            for root in 0..<block.ec.count {
                #expect(
                    ReedSolomon.evaluate(codeword, at: ReedSolomon.power(root)) == 0,
                    "version \(version) block at \(start)")
            }
            start += block.data.count
        }
    }

    /// The standard's table of format information for level M.
    @Test func formatBitsMatchTheStandardsTable() {
        let table = [
            0b101_0100_0001_0010, 0b101_0001_0010_0101, 0b101_1110_0111_1100, 0b101_1011_0100_1011,
            0b100_0101_1111_1001, 0b100_0000_1100_1110, 0b100_1111_1001_0111, 0b100_1010_1010_0000,
        ]
        for mask in 0..<8 {
            #expect(QRCode.formatBits(mask: mask) == table[mask], "mask \(mask)")
            // Unmasked, the 15 bits are a multiple of the generator x^10 + x^8 + x^5 + x^4 + x^2 + x + 1.
            var value = QRCode.formatBits(mask: mask) ^ 0x5412
            for shift in stride(from: 4, through: 0, by: -1) where value & (1 << (shift + 10)) != 0 {
                value ^= 0x537 << shift
            }
            #expect(value == 0)
        }
    }

    @Test func versionBitsMatchTheStandard() {
        #expect(QRCode.versionBits(7) == 0x07C94)
        #expect(QRCode.versionBits(10) == 0x0A4D3)
    }

    @Test func picksTheSmallestVersionAndRefusesTooLongText() throws {
        #expect(QRCode("http://127.0.0.1:8425/?t=0123456789abcdef0123456789abcdef")?.version == 4)
        #expect(QRCode(String(repeating: "a", count: 14))?.version == 1)
        #expect(QRCode(String(repeating: "a", count: 15))?.version == 2)
        #expect(QRCode(String(repeating: "a", count: QRCode.maximumLength))?.version == 10)
        #expect(QRCode(String(repeating: "a", count: QRCode.maximumLength + 1)) == nil)
    }

    /// Finder patterns, timing patterns, the dark module, both copies of the format bits, and the data
    /// read back in placement order and unmasked, for each mask and a version with version bits.
    @Test(arguments: [(0, 20), (3, 60), (5, 150), (7, 200)]) func theMatrixReadsBack(_ mask: Int, _ length: Int) throws
    {
        let text = String((0..<length).map { Character(UnicodeScalar(UInt8(33 + $0 % 90))) })
        let code = try #require(QRCode(text, mask: mask))
        let size = code.size
        for (row, column) in [(0, 0), (0, size - 7), (size - 7, 0)] {
            for dy in 0..<7 {
                for dx in 0..<7 {
                    let ring = max(abs(dx - 3), abs(dy - 3))
                    #expect(code[row + dy, column + dx] == (ring != 2), "finder at \(row),\(column)")
                }
            }
        }
        for index in 8..<(size - 8) {
            #expect(code[6, index] == (index % 2 == 0) && code[index, 6] == (index % 2 == 0))
        }
        #expect(code[size - 8, 8])
        for index in 0..<15 {
            let copies = code.formatPositions(index).map { code[$0.row, $0.column] }
            #expect(copies[0] == copies[1] && copies[0] == ((QRCode.formatBits(mask: mask) >> index) & 1 == 1))
        }
        if code.version >= 7 {
            let bits = QRCode.versionBits(code.version)
            for index in 0..<18 {
                #expect(code[size - 11 + index % 3, index / 3] == ((bits >> index) & 1 == 1))
            }
        }
        var read: [UInt8] = []
        var byte: UInt8 = 0
        for (index, position) in code.dataPositions().enumerated() {
            let bit =
                code[position.row, position.column] != QRCode.masks(mask, row: position.row, column: position.column)
            byte = byte << 1 | (bit ? 1 : 0)
            if index % 8 == 7 {
                read.append(byte)
                byte = 0
            }
        }
        let codewords = QRCode.codewords(for: Array(text.utf8), version: code.version)
        #expect(Array(read.prefix(codewords.count)) == codewords)
        #expect(code.dataPositions().count / 8 == codewords.count, "every data module is used")
    }

    @Test func theChosenMaskHasTheLowestPenalty() throws {
        let text = "http://192.168.1.20:8425/?t=0123456789abcdef0123456789abcdef"
        let chosen = try #require(QRCode(text))
        for mask in 0..<8 { #expect(try #require(QRCode(text, mask: mask)).penalty() >= chosen.penalty()) }
    }

    @Test func penaltyRules() {
        #expect(QRCode.runPenalty([true, true, true, true, true, false]) == 3)
        #expect(QRCode.runPenalty([false, false, false, false, false, false, false]) == 5)
        #expect(QRCode.finderPenalty([false, false, false, false, true, false, true, true, true, false, true]) == 40)
        #expect(QRCode.finderPenalty([true, false, true, true, true, false, true, true, true, true, true]) == 40)
    }
}

extension QRCode {
    /// The data codewords back in block order (the inverse of the interleaving of data codewords).
    static func deinterleavedData(_ data: [UInt8], version: Int) -> [UInt8] {
        let ec = errorCorrection[version - 1]
        let blockCount = ec.shortBlocks + ec.longBlocks
        let short = data.count / blockCount
        var blocks = (0..<blockCount).map { [UInt8](repeating: 0, count: short + ($0 < ec.shortBlocks ? 0 : 1)) }
        var index = 0
        for column in 0...short {
            for block in blocks.indices where column < blocks[block].count {
                blocks[block][column] = data[index]
                index += 1
            }
        }
        return blocks.flatMap { $0 }
    }
}
