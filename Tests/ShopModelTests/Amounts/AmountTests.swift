import ShopJSON
import ShopModel
import Testing

@Suite struct AmountTests {
    private func amount(_ text: String) throws -> Amount { try Amount(parsing: text) }

    @Test func parsesWhatPeopleType() throws {
        #expect(try amount("2") == Amount(count: 2))
        #expect(try amount("2").wholeCount == 2)
        #expect(try amount("2.5").description == "3")  // a count that is not whole is shown rounded up
        #expect(try amount("1/2").description == "1")
        #expect(try amount("500g").description == "500 g")
        #expect(try amount("500 g").description == "500 g")
        #expect(try amount("1.5kg").description == "1.5 kg")
        #expect(try amount("2 l").description == "2 l")
        #expect(try amount("3 cans").description == "3 cans")
        #expect(try amount("1 can").description == "1 can")
        #expect(try amount("1 bunch").description == "1 bunch")
        #expect(try amount("2 bunch").description == "2 bunches")
        #expect(try amount("1 1/2 cups").description == "1.5 cups")
        #expect(try amount("2 fl oz").description == "2 fl oz")
    }

    @Test(arguments: [
        ("abc", Amount.Problem.notANumber), ("g", .notANumber), ("2 3", .notANumber), ("1/0", .notANumber),
        ("0", .zero), ("0 g", .zero), ("1.2345", .tooManyFractionDigits), ("10000", .tooLarge),
        ("10000 kg", .tooLarge), ("10000001 g", .tooLarge), ("9999.001 l", .tooLarge), ("2 %", .notANumber),
    ])
    func refusesBadAmounts(text: String, problem: Amount.Problem) {
        #expect(throws: ShopError.invalidAmount(text, problem: problem)) { try Amount(parsing: text) }
    }

    @Test func limitsAreInclusive() throws {
        #expect(try amount("9999").wholeCount == 9999)
        #expect(try amount("9999 kg").description == "9999 kg")
        #expect(try amount("9999000 g").description == "9999 kg")
        #expect(try amount("9999 l").description == "9999 l")
    }

    @Test func addsExactlyWithinAFamily() throws {
        #expect(try amount("500 g").adding(amount("500 g")).description == "1 kg")
        #expect(try amount("500 g").adding(amount("500g")).parts.count == 1)
        #expect(try amount("1 lb").adding(amount("1 lb")).description == "2 lb")
        // 1 lb = 453.59237 g: exact, not a float approximation.
        #expect(try amount("100 g").adding(amount("1 lb")).description == "553.592 g")
        #expect(try amount("1 cup").adding(amount("1 cup")).description == "2 cups")
        // 16 tablespoons are exactly one cup.
        var cups = try amount("1 cup")
        for _ in 0..<16 { cups = cups.adding(try amount("1 tbsp")) }
        #expect(cups.description == "2 cups")
        #expect(try amount("1 can").adding(amount("2 cans")).description == "3 cans")
        #expect(try amount("1/2").adding(amount("1/2")).description == "1")
        #expect(try amount("0.1").adding(amount("0.2")) == amount("0.3"))
    }

    @Test func keepsFamiliesApart() throws {
        let flour = try amount("1.5 kg").adding(amount("2 cups"))
        #expect(flour.description == "1.5 kg + 2 cups")
        #expect(flour.parts.map(\.unit.symbol) == ["kg", "cup"])
        let lemons = try amount("1").adding(amount("1 can")).adding(amount("1"))
        // A count beside other parts is marked, so it never reads as a number of the unit (SPEC 14).
        #expect(lemons.description == "×2 + 1 can")
    }

    @Test func scalesExactly() throws {
        let third = try #require(ExactNumber(numerator: 1, denominator: 3))
        #expect(try amount("1").scaled(by: third).description == "1")  // a third of a lemon is one lemon
        #expect(try amount("300 g").scaled(by: third).description == "100 g")
        #expect(try amount("2 cans").scaled(by: ExactNumber(whole: 7)).description == "14 cans")
    }

    @Test func largerMetricUnitOnceItReaches1000() throws {
        #expect(try amount("999 g").description == "999 g")
        #expect(try amount("1500 g").description == "1.5 kg")
        #expect(try amount("1000 ml").description == "1 l")
        #expect(try amount("1200 oz").description == "1200 oz")
    }

    @Test func lineTotalsArePerPiecePerKilogramPerLitrePerUnit() throws {
        let price = try #require(Price(parsing: "4.00"))
        #expect(try amount("3").lineTotal(at: price) == Price(parsing: "12.00"))
        #expect(try amount("500 g").lineTotal(at: price) == Price(parsing: "2.00"))
        #expect(try amount("250 ml").lineTotal(at: price) == Price(parsing: "1.00"))
        #expect(try amount("3 cans").lineTotal(at: price) == Price(parsing: "12.00"))
        // 1 lb at 4.00/kg is 1.81436948: rounded half up to the cent.
        #expect(try amount("1 lb").lineTotal(at: price) == Price(parsing: "1.81"))
        #expect(try amount("125 g").lineTotal(at: Price(parsing: "0.10")) == Price(parsing: "0.01"))  // 0.0125
        #expect(try amount("1 kg").adding(amount("2 cups")).lineTotal(at: price) == Price(parsing: "4.00"))
        #expect(try amount("1 kg").lineTotal(at: nil) == nil)
    }
}
