import Testing

@testable import ShopKit

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

    @Test func aTypedPriceKeepsFourDecimalsAndAnItemsOwnIsInCents() throws {
        let typed = try TypedPrice(parsing: "0.1617/each")
        #expect(typed.price.tenThousandths == 1617 && typed.unit == .count)
        #expect(throws: ShopError.priceTooPrecise("0.1617")) { try typed.cents() }
        #expect(try TypedPrice(parsing: "11.99/kg").cents().cents == 1199)
        #expect(throws: ShopError.invalidPrice("0.00001")) { try TypedPrice(parsing: "0.00001") }
    }
}
