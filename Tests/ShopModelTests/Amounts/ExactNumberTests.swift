import ShopModel
import Testing

@Suite struct ExactNumberTests {
    @Test func parsesDecimalsFractionsAndMixedNumbers() throws {
        #expect(ExactNumber(parsing: "2") == ExactNumber(whole: 2))
        #expect(ExactNumber(parsing: "2.5") == ExactNumber(numerator: 5, denominator: 2))
        #expect(ExactNumber(parsing: ".5") == ExactNumber(numerator: 1, denominator: 2))
        #expect(ExactNumber(parsing: "1/2") == ExactNumber(numerator: 1, denominator: 2))
        #expect(ExactNumber(parsing: "1 / 2") == ExactNumber(numerator: 1, denominator: 2))
        #expect(ExactNumber(parsing: "1 1/2") == ExactNumber(numerator: 3, denominator: 2))
        #expect(ExactNumber(parsing: "01/2") == nil)  // kept as text, as the Cooklang tests do
        #expect(ExactNumber(parsing: "1/0") == nil)
        #expect(ExactNumber(parsing: "-1") == nil)
        #expect(ExactNumber(parsing: "1e3") == nil)
        #expect(ExactNumber(parsing: "few") == nil)
        #expect(ExactNumber(parsing: "1.2345") == nil)
        #expect(ExactNumber(parsing: "1.2345", maximumFractionDigits: 4) != nil)
    }

    @Test func arithmeticIsExact() throws {
        let tenth = try #require(ExactNumber(parsing: "0.1"))
        let fifth = try #require(ExactNumber(parsing: "0.2"))
        #expect(tenth + fifth == ExactNumber(parsing: "0.3"))
        let third = try #require(ExactNumber(numerator: 1, denominator: 3))
        #expect(third + third + third == .one)
        #expect(third * ExactNumber(whole: 3) == .one)
        #expect((ExactNumber.one / third) == ExactNumber(whole: 3))
        #expect(ExactNumber.one - ExactNumber(whole: 2) == .zero)
        #expect((ExactNumber.one / .zero) == nil)
    }

    @Test func textRoundsHalfUpToThreePlaces() throws {
        #expect(ExactNumber(numerator: 2, denominator: 3)!.text() == "0.667")
        #expect(ExactNumber(numerator: 1, denominator: 3)!.text() == "0.333")
        #expect(ExactNumber(parsing: "1.5")!.text() == "1.5")
        #expect(ExactNumber(parsing: "1.0005", maximumFractionDigits: 4)!.text() == "1.001")
        #expect(ExactNumber(parsing: "0.05")!.text() == "0.05")
        #expect(ExactNumber(whole: 12).text() == "12")
        #expect(ExactNumber(numerator: 1, denominator: 2)!.roundedUp == 1)
        #expect(ExactNumber(whole: 2).roundedUp == 2)
    }
}
