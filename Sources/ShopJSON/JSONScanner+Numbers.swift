/// A checked JSON number as it was written, kept exact: the decoder turns it into an integer or a
/// number of cents without ever going through binary floating point.
package struct JSONNumberToken {
    /// The offsets of the whole number text.
    package var start: Int
    package var end: Int
    /// Whether it began with `-`.
    package var isNegative: Bool
    /// The digits before the point.
    package var integerDigits: Range<Int>
    /// The digits after the point (empty when there is no point).
    package var fractionDigits: Range<Int>
    /// The exponent after `e`, clamped to ±1,000,000 so that absurd exponents cannot overflow.
    package var exponent: Int

    /// The result of reading a number as an exact integer.
    package enum Exactly: Equatable {
        case value(Int)
        /// Has a non-zero fraction at the requested scale.
        case fractional
        /// Does not fit in `Int`.
        case outOfRange
    }
}

extension JSONScanner {
    /// The largest exponent magnitude tracked; beyond it every non-zero number is out of any range anyway.
    private static let exponentLimit = 1_000_000

    /// Reads a number (RFC 8259 grammar: `-? (0 | [1-9][0-9]*) (.[0-9]+)? ([eE][+-]?[0-9]+)?`).
    package mutating func readNumber() throws(JSONScanFailure) -> JSONNumberToken {
        skipWhitespace()
        let start = offset
        let isNegative = offset < bytes.count && bytes[offset] == UInt8(ascii: "-")
        if isNegative { offset += 1 }
        let integerStart = offset
        guard offset < bytes.count, isDigit(bytes[offset]) else {
            throw failure("expected a digit, found \(foundDescription)")
        }
        if bytes[offset] == UInt8(ascii: "0") {
            offset += 1
            if offset < bytes.count, isDigit(bytes[offset]) {
                throw failure("a number must not start with 0", at: integerStart)
            }
        } else {
            skipDigits()
        }
        let integerDigits = integerStart..<offset
        var fractionDigits = offset..<offset
        if offset < bytes.count, bytes[offset] == UInt8(ascii: ".") {
            offset += 1
            let fractionStart = offset
            skipDigits()
            guard offset > fractionStart else { throw failure("expected a digit after the decimal point") }
            fractionDigits = fractionStart..<offset
        }
        var exponent = 0
        if offset < bytes.count, bytes[offset] == UInt8(ascii: "e") || bytes[offset] == UInt8(ascii: "E") {
            offset += 1
            var negativeExponent = false
            if offset < bytes.count, bytes[offset] == UInt8(ascii: "-") || bytes[offset] == UInt8(ascii: "+") {
                negativeExponent = bytes[offset] == UInt8(ascii: "-")
                offset += 1
            }
            let exponentStart = offset
            while offset < bytes.count, isDigit(bytes[offset]) {
                exponent = min(exponent * 10 + Int(bytes[offset] &- UInt8(ascii: "0")), JSONScanner.exponentLimit)
                offset += 1
            }
            guard offset > exponentStart else { throw failure("expected a digit in the exponent") }
            if negativeExponent { exponent = -exponent }
        }
        return JSONNumberToken(
            start: start, end: offset, isNegative: isNegative, integerDigits: integerDigits,
            fractionDigits: fractionDigits, exponent: exponent)
    }

    /// Reads a non-negative integer written plainly (no sign, fraction or exponent, at most 18 digits), the
    /// form nearly every integer of a data file has, without building a token. Anything else returns `nil`
    /// having consumed nothing but white space, and takes the full path of ``readNumber()``.
    package mutating func readPlainInteger() -> Int? {
        skipWhitespace()
        var position = offset
        var value = 0
        while position < bytes.count, position - offset < 18 {
            let digit = bytes[position] &- UInt8(ascii: "0")
            guard digit < 10 else { break }
            value = value &* 10 &+ Int(digit)
            position += 1
        }
        let count = position - offset
        guard count > 0, count == 1 || bytes[offset] != UInt8(ascii: "0") else { return nil }
        if position < bytes.count {
            let next = bytes[position]
            if isDigit(next) || next == UInt8(ascii: ".") || next == UInt8(ascii: "e") || next == UInt8(ascii: "E") {
                return nil
            }
        }
        offset = position
        return value
    }

    private func isDigit(_ byte: UInt8) -> Bool {
        byte >= UInt8(ascii: "0") && byte <= UInt8(ascii: "9")
    }

    private mutating func skipDigits() {
        while offset < bytes.count, isDigit(bytes[offset]) { offset += 1 }
    }

    /// The number times 10^`scale` as an exact integer: scale 0 reads an integer (`3`, `3.0`, `3e2`),
    /// scale 2 reads cents (`2.49`, `2.490`). Never traps, whatever the digits.
    package func exactInteger(_ number: JSONNumberToken, scale: Int = 0) -> JSONNumberToken.Exactly {
        let digitCount = number.integerDigits.count + number.fractionDigits.count
        // The power of ten the digit string is multiplied by.
        let power = number.exponent - number.fractionDigits.count + scale
        // Digits dropped by a negative power must be zeros; the rest are kept.
        let keptCount = power < 0 ? digitCount + power : digitCount
        var magnitude: UInt64 = 0
        for position in 0..<digitCount {
            let index =
                position < number.integerDigits.count
                ? number.integerDigits.lowerBound + position
                : number.fractionDigits.lowerBound + position - number.integerDigits.count
            let digit = UInt64(bytes[index] &- UInt8(ascii: "0"))
            if position >= keptCount {
                if digit != 0 { return .fractional }
                continue
            }
            let (shifted, overflow1) = magnitude.multipliedReportingOverflow(by: 10)
            let (sum, overflow2) = shifted.addingReportingOverflow(digit)
            if overflow1 || overflow2 { return .outOfRange }
            magnitude = sum
        }
        if power > 0, magnitude != 0 {
            for _ in 0..<power {
                let (shifted, overflow) = magnitude.multipliedReportingOverflow(by: 10)
                if overflow { return .outOfRange }
                magnitude = shifted
            }
        }
        if number.isNegative {
            guard magnitude <= UInt64(Int.max) + 1 else { return .outOfRange }
            return .value(Int(truncatingIfNeeded: 0 &- magnitude))
        }
        guard magnitude <= UInt64(Int.max) else { return .outOfRange }
        return .value(Int(magnitude))
    }

    /// The number's text, for values that are kept as written.
    package func text(_ number: JSONNumberToken) -> String {
        String(decoding: UnsafeBufferPointer(rebasing: bytes[number.start..<number.end]), as: UTF8.self)
    }
}
