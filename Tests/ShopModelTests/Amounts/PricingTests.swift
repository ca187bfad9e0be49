import ShopJSON
import Testing

@testable import ShopModel

/// Prices to four decimals multiplied unrounded (SPEC 11, 12, 17): only the line total is rounded, half up
/// to the cent.
@Suite struct PricingTests {
    static func amount(_ text: String) throws -> Amount {
        try Validation.amount(text)
    }

    @Test func parsesUpToFourDecimals() {
        #expect(UnitPrice(parsing: "0.1617")?.tenThousandths == 1617)
        #expect(UnitPrice(parsing: "2.5")?.tenThousandths == 25_000)
        #expect(UnitPrice(parsing: "3")?.description == "3.00")
        #expect(UnitPrice(parsing: "6.9846")?.description == "6.9846")
        #expect(UnitPrice(parsing: "0.1617")?.cents == nil)
        #expect(UnitPrice(parsing: "2.40")?.cents?.cents == 240)
    }

    @Test(arguments: ["-1", "0.16175", "", ".", "1e3", "1/2", "abc", " 2", "100000000000.01"])
    func refuses(_ text: String) {
        #expect(UnitPrice(parsing: text) == nil)
    }

    @Test func aCountIsMultipliedBeforeItIsRounded() throws {
        let bananas = Pricing(price: UnitPrice(parsing: "0.1617")!, unit: .count)
        #expect(bananas.lineTotal(of: try Self.amount("10"))?.description == "1.62")
        #expect(bananas.lineTotal(of: try Self.amount("1"))?.description == "0.16")
        // 3 × 0.1650 = 0.495: half up.
        let half = Pricing(price: UnitPrice(parsing: "0.165")!, unit: .count)
        #expect(half.lineTotal(of: try Self.amount("3"))?.description == "0.50")
    }

    @Test func aWeightIsMultipliedExactly() throws {
        let kg = try #require(MeasureUnit(parsing: "kg"))
        let apples = Pricing(price: UnitPrice(parsing: "7.3455")!, unit: kg)
        // 1.1 × 7.3455 = 8.08005, where 1.1 × 7.35 would be 8.09.
        #expect(apples.lineTotal(of: try Self.amount("1.1kg"))?.description == "8.08")
        let cheese = Pricing(price: UnitPrice(parsing: "6.9846")!, unit: kg)
        #expect(cheese.lineTotal(of: try Self.amount("650g"))?.description == "4.54")
    }

    /// SPEC 17: 12 for 1.94 is 97/600 each, shown as 0.1617 and multiplied as 97/600: 50 of them are 8.08.
    @Test func aPriceFromAPaidTotalKeepsItsExactRatio() throws {
        let paid = try #require(UnitPrice(total: Price(cents: 194)!, over: ExactNumber(whole: 12)))
        #expect(paid.description == "0.1617" && paid.tenThousandths == 1617 && paid.fractionText == "97/600")
        #expect(paid != UnitPrice(parsing: "0.1617") && paid.cents == nil && paid.rounded.description == "0.16")
        let bananas = Pricing(price: paid, unit: .count)
        #expect(bananas.lineTotal(of: try Self.amount("50"))?.description == "8.08")
        #expect(bananas.lineTotal(of: try Self.amount("12"))?.description == "1.94")
        #expect(Pricing(price: UnitPrice(parsing: "0.1617")!, unit: .count).lineTotal(of: 50)?.description == "8.09")
        // A ratio four digits hold is no fraction: 4.99 for 2 is 2.495, equal to the typed price.
        let even = try #require(UnitPrice(total: Price(cents: 499)!, over: ExactNumber(whole: 2)))
        #expect(even.fraction == nil && even == UnitPrice(parsing: "2.495"))
        // The rounding of the exact price, not of its four digits: 0.12495 rounds to 0.12, not 0.13.
        let near = try #require(UnitPrice(exactly: ExactNumber(numerator: 2499, denominator: 20_000)!))
        #expect(near.description == "0.125" && near.fraction != nil && near.rounded.description == "0.12")
    }

    /// A ratio with terms past twelve digits keeps its four digits only: the reader of the files takes
    /// twelve, and what is written must read back.
    @Test func aRatioOfLongTermsKeepsFourDigitsOnly() throws {
        let long = try #require(
            UnitPrice(exactly: ExactNumber(numerator: 454_000_000_000_001, denominator: 65_000_000_000_000)!))
        #expect(long.fraction == nil && long.description == "6.9846")
        let cup = try #require(MeasureUnit(parsing: "cup"))
        let liter = try #require(MeasureUnit(parsing: "l"))
        let half = Amount(ExactNumber(numerator: 1, denominator: 2)!, cup)
        let units = try #require(half.quantity(in: liter))
        // 4.54 for half a cup, per litre: 18160000000/473176473, eleven and nine digits, kept; 454 for it
        // would be past twelve, and is not.
        let paid = try #require(UnitPrice(total: Price(cents: 454)!, over: units))
        #expect(paid.fractionText == "18160000000/473176473" && paid.description == "38.3789")
        #expect(UnitPrice(fractionText: "18160000000/473176473", rounded: paid) == paid)
        let hundredfold = try #require(UnitPrice(total: Price(cents: 45_400)!, over: units))
        #expect(hundredfold.fraction == nil && hundredfold.description == "3837.8916")
    }

    @Test func aFractionIsReadOnlyBesideThePriceItRoundsTo() throws {
        let shown = try #require(UnitPrice(parsing: "0.1617"))
        #expect(UnitPrice(fractionText: "97/600", rounded: shown)?.fractionText == "97/600")
        for text in ["97/601", "1617/10000", "0.1617", "97/0", "-97/600", "97 / 600x", ""] {
            #expect(UnitPrice(fractionText: text, rounded: shown) == nil, "\(text)")
        }
    }

    @Test func aTypedPriceKeepsFourDecimalsAndAnItemsOwnIsInCents() throws {
        let typed = try TypedPrice(parsing: "0.1617/each")
        #expect(typed.price.tenThousandths == 1617 && typed.unit == .count)
        #expect(throws: ShopError.priceTooPrecise("0.1617")) { try typed.cents() }
        #expect(try TypedPrice(parsing: "11.99/kg").cents().cents == 1199)
        #expect(throws: ShopError.invalidPrice("0.00001")) { try TypedPrice(parsing: "0.00001") }
    }
}
