/// An exact, non-negative rational number: the arithmetic of amounts.
///
/// Amounts add across units by exact definitions (1 US cup is 236.5882365 ml) and scale by factors such as 2/3, where
/// binary floating point would drift. A reduced fraction of 128-bit integers stays exact: the largest amount in the
/// smallest definition's units is far inside `Int128`'s range.
public struct ExactNumber: Hashable, Sendable, Comparable, CustomStringConvertible {
    /// The numerator of the reduced fraction (never negative).
    public let numerator: Int128
    /// The denominator of the reduced fraction (always positive).
    public let denominator: Int128

    /// Zero.
    public static let zero = ExactNumber(whole: 0)
    /// One.
    public static let one = ExactNumber(whole: 1)

    /// A whole number; negative values are taken as zero (amounts are never negative).
    public init(whole: Int) {
        numerator = Int128(max(0, whole))
        denominator = 1
    }

    /// The fraction `numerator / denominator`, reduced; `nil` when the denominator is zero or either part is negative.
    public init?(numerator: Int128, denominator: Int128) {
        guard denominator > 0, numerator >= 0 else { return nil }
        let divisor = Self.greatestCommonDivisor(numerator, denominator)
        self.numerator = numerator / divisor
        self.denominator = denominator / divisor
    }

    /// An exact decimal from its digits: `ExactNumber(scaled: 28_349_523_125, places: 9)` is 28.349523125.
    public init(scaled value: Int128, places: Int) {
        var power: Int128 = 1
        for _ in 0..<places { power *= 10 }
        self.init(numerator: value, denominator: power)!
    }

    /// Whether the number is zero.
    public var isZero: Bool { numerator == 0 }

    /// Whether the number is a whole number.
    public var isWhole: Bool { denominator == 1 }

    /// The smallest whole number not below this one (half a lemon is one lemon to buy).
    public var roundedUp: Int128 { (numerator + denominator - 1) / denominator }

    /// `a + b`, exact.
    public static func + (lhs: ExactNumber, rhs: ExactNumber) -> ExactNumber {
        ExactNumber(
            numerator: lhs.numerator * rhs.denominator + rhs.numerator * lhs.denominator,
            denominator: lhs.denominator * rhs.denominator)!
    }

    /// `a - b`, exact, and never below zero (taking back more than was added leaves nothing).
    public static func - (lhs: ExactNumber, rhs: ExactNumber) -> ExactNumber {
        let left = lhs.numerator * rhs.denominator
        let right = rhs.numerator * lhs.denominator
        guard left > right else { return .zero }
        return ExactNumber(numerator: left - right, denominator: lhs.denominator * rhs.denominator)!
    }

    /// `a × b`, exact.
    public static func * (lhs: ExactNumber, rhs: ExactNumber) -> ExactNumber {
        // Cross-reducing first keeps the intermediate products small.
        let first = greatestCommonDivisor(lhs.numerator, rhs.denominator)
        let second = greatestCommonDivisor(rhs.numerator, lhs.denominator)
        return ExactNumber(
            numerator: (lhs.numerator / first) * (rhs.numerator / second),
            denominator: (lhs.denominator / second) * (rhs.denominator / first))!
    }

    /// `a ÷ b`, exact; `nil` when `b` is zero.
    public static func / (lhs: ExactNumber, rhs: ExactNumber) -> ExactNumber? {
        guard !rhs.isZero else { return nil }
        return lhs * ExactNumber(numerator: rhs.denominator, denominator: rhs.numerator)!
    }

    public static func < (lhs: ExactNumber, rhs: ExactNumber) -> Bool {
        lhs.numerator * rhs.denominator < rhs.numerator * lhs.denominator
    }

    /// The number rounded half up to `places` fraction digits, as scaled digits (`1.2345` to 3 places is 1235).
    public func scaledRoundingHalfUp(places: Int) -> Int128 {
        var power: Int128 = 1
        for _ in 0..<places { power *= 10 }
        return (numerator * power * 2 + denominator) / (denominator * 2)
    }

    /// The number rounded half up to `places` fraction digits, without trailing zeros: `1.5`, `0.333`, `2`.
    public func text(places: Int = 3) -> String {
        let scaled = scaledRoundingHalfUp(places: places)
        var power: Int128 = 1
        for _ in 0..<places { power *= 10 }
        let whole = scaled / power
        var fraction = scaled % power
        // Int128's own description is several times slower than Int64's, and amounts are shown by the thousand.
        let wholeText = Int64(exactly: whole).map { String($0) } ?? String(whole)
        guard fraction != 0 else { return wholeText }
        var digits = places
        while fraction % 10 == 0 {
            fraction /= 10
            digits -= 1
        }
        let fractionText = Int64(exactly: fraction).map { String($0) } ?? String(fraction)
        return wholeText + "." + String(repeating: "0", count: digits - fractionText.count) + fractionText
    }

    /// Three fraction digits at most, as amounts are shown.
    public var description: String { text(places: 3) }

    private static func greatestCommonDivisor(_ a: Int128, _ b: Int128) -> Int128 {
        var (a, b) = (a, b)
        while b != 0 { (a, b) = (b, a % b) }
        return a == 0 ? 1 : a
    }
}

extension ExactNumber {
    /// Parses a number as a person types it: `2`, `2.5`, `.5`, `1/2`, `1 / 2`, `1 1/2`.
    ///
    /// - Parameter maximumFractionDigits: the most digits accepted after a decimal point.
    /// - Returns: `nil` for anything else: signs, exponents, words, a zero denominator, a leading zero
    ///   before a fraction's numerator (`01/2`, which the Cooklang tests keep as text), too many digits.
    public init?(parsing text: some StringProtocol, maximumFractionDigits: Int = 3) {
        let trimmed = text.trimmingSpaces
        if let slash = trimmed.firstIndex(of: "/") {
            let head = trimmed[..<slash].trimmingSpaces
            let tail = trimmed[trimmed.index(after: slash)...].trimmingSpaces
            var whole: Int128 = 0
            var numeratorText = head
            // A mixed number: "1 1/2".
            if let space = head.lastIndex(of: " ") {
                guard let value = Self.digits(head[..<space].trimmingSpaces) else { return nil }
                whole = value
                numeratorText = head[head.index(after: space)...].trimmingSpaces
            }
            guard !(numeratorText.count > 1 && numeratorText.hasPrefix("0")),
                let numerator = Self.digits(numeratorText), let denominator = Self.digits(tail), denominator > 0
            else { return nil }
            self.init(numerator: whole * denominator + numerator, denominator: denominator)
            return
        }
        var value: Int128 = 0
        var places = 0
        var sawDot = false
        var sawDigit = false
        for character in trimmed.utf8 {
            switch character {
            case UInt8(ascii: "0")...UInt8(ascii: "9"):
                sawDigit = true
                if sawDot { places += 1 }
                guard places <= maximumFractionDigits, value < 1_000_000_000_000 else { return nil }
                value = value * 10 + Int128(character - UInt8(ascii: "0"))
            case UInt8(ascii: "."):
                guard !sawDot else { return nil }
                sawDot = true
            default:
                return nil
            }
        }
        guard sawDigit else { return nil }
        self.init(scaled: value, places: places)
    }

    /// A run of decimal digits (at most 12), or `nil`.
    private static func digits(_ text: some StringProtocol) -> Int128? {
        guard !text.isEmpty, text.count <= 12 else { return nil }
        var value: Int128 = 0
        for character in text.utf8 {
            guard character >= UInt8(ascii: "0"), character <= UInt8(ascii: "9") else { return nil }
            value = value * 10 + Int128(character - UInt8(ascii: "0"))
        }
        return value
    }
}

extension StringProtocol {
    /// The text without surrounding spaces and tabs.
    package var trimmingSpaces: Substring {
        let characters = self[...]
        guard let first = characters.firstIndex(where: { $0 != " " && $0 != "\t" }) else { return "" }
        let last = characters.lastIndex(where: { $0 != " " && $0 != "\t" })!
        return Substring(characters[first...last])
    }
}
