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

    /// A sum of prices, which may exceed ``maximumCents`` (a line of ``Amount/limit`` expensive items):
    /// how a total (``ListTotals``) is shown, in ``description``'s form.
    public init(sumOfCents cents: Int) {
        self.cents = max(0, cents)
    }

    /// Parses `"2"`, `"2.5"`, `"2.49"`, `".5"`; `nil` for anything else (signs, exponents, three decimals).
    public init?(parsing text: String) {
        // Read by ExactNumber's rule; a price also refuses fractions ("1/2") and the spaces it would trim.
        let refused: [UInt8] = [UInt8(ascii: "/"), UInt8(ascii: " "), UInt8(ascii: "\t")]
        guard !text.utf8.contains(where: refused.contains),
            let number = ExactNumber(parsing: text, maximumFractionDigits: 2)
        else { return nil }
        // Exact: at most two fraction digits.
        let hundredths = number.numerator * 100 / number.denominator
        guard hundredths <= Int128(Price.maximumCents) else { return nil }
        self.init(cents: Int(hundredths))
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
