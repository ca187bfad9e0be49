/// An exact, non-negative unit price with at most two fraction digits, held in hundredths.
///
/// Binary floating point cannot hold 1.10 exactly; cents can, so totals add up to the cent.
public struct Price: Hashable, Sendable, Comparable, CustomStringConvertible {
    /// The price in hundredths (249 is 2.49).
    public let cents: Int

    /// The largest accepted price, 1,000,000.00: far above any grocery, far below any overflow.
    public static let maximumCents = 100_000_000

    /// Wraps a number of hundredths; `nil` when negative or above ``maximumCents``.
    public init?(cents: Int) {
        guard cents >= 0, cents <= Price.maximumCents else { return nil }
        self.cents = cents
    }

    /// A sum of prices, which may exceed ``maximumCents`` (a line of 9999 expensive items).
    init(sumOfCents cents: Int) {
        self.cents = max(0, cents)
    }

    /// Parses `"2"`, `"2.5"`, `"2.49"`, `".5"`; `nil` for anything else (signs, exponents, three decimals).
    public init?(parsing text: String) {
        var whole = 0
        var fraction = 0
        var fractionDigits = 0
        var sawDot = false
        var sawDigit = false
        for byte in text.utf8 {
            switch byte {
            case UInt8(ascii: "0")...UInt8(ascii: "9"):
                sawDigit = true
                let digit = Int(byte - UInt8(ascii: "0"))
                if sawDot {
                    fractionDigits += 1
                    guard fractionDigits <= 2 else { return nil }
                    fraction = fraction * 10 + digit
                } else {
                    whole = whole * 10 + digit
                    guard whole <= Price.maximumCents else { return nil }
                }
            case UInt8(ascii: "."):
                guard !sawDot else { return nil }
                sawDot = true
            default:
                return nil
            }
        }
        guard sawDigit else { return nil }
        if fractionDigits == 1 { fraction *= 10 }
        self.init(cents: whole * 100 + fraction)
    }

    /// `"2.49"`, `"3.00"`: always two fraction digits.
    public var description: String {
        let fraction = cents % 100
        return "\(cents / 100)." + (fraction < 10 ? "0" : "") + "\(fraction)"
    }

    /// The shortest decimal form for JSON: `2.49`, `2.5`, `3`.
    public var jsonNumber: String {
        let fraction = cents % 100
        if fraction == 0 { return "\(cents / 100)" }
        if fraction % 10 == 0 { return "\(cents / 100).\(fraction / 10)" }
        return description
    }

    public static func < (lhs: Price, rhs: Price) -> Bool { lhs.cents < rhs.cents }
}
