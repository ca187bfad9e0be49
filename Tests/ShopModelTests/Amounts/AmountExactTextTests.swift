import Foundation
import ShopJSON
import ShopModel
import Testing

/// The exact text of amounts in the data file, and the limits.
@Suite struct AmountExactTextTests {
    @Test func exactTextRoundTrips() throws {
        let third = Amount(ExactNumber(numerator: 1, denominator: 3)!, .count)
        let mixed = try Amount(parsing: "1.5 cups").adding(try Amount(parsing: "200 g")).adding(
            try Amount(parsing: "2 fl oz"))
        for amount in [third, mixed, try Amount(parsing: "1500 g"), try Amount(parsing: "3 cans"), 7] {
            #expect(Amount(exactText: amount.exactText) == amount, "\(amount.exactText)")
        }
        #expect(third.exactText == "1/3" && third.description == "1")
        #expect(mixed.exactText == "1.75 cup + 200 g")
        #expect(mixed.description == "1.75 cups + 200 g")
        #expect(
            Amount(exactText: "0") == nil && Amount(exactText: "x g") == nil && Amount(exactText: "10000 kg") == nil)
    }

    @Test func displayAndPrices() throws {
        #expect(try Amount(parsing: "1500 g").description == "1.5 kg")
        #expect(try Amount(parsing: "2 l").lineTotal(at: Price(parsing: "1.20")) == Price(parsing: "2.40"))
        #expect(try Amount(parsing: "250g").lineTotal(at: Price(parsing: "9.99")) == Price(parsing: "2.50"))
        #expect(try Amount(parsing: "3 cans").wholeCountForExport == (1, false))
        #expect(Amount(ExactNumber(numerator: 1, denominator: 2)!, .count).wholeCountForExport == (1, false))
        #expect(Amount(count: 4).wholeCountForExport == (4, true))
        var item = Item(
            name: "flour", quantity: try Amount(parsing: "500 g"), locationID: .random(), price: Price(parsing: "2.00"))
        #expect(item.lineTotal == nil, "a price per piece is never read per kg")
        item.priceUnit = try #require(MeasureUnit(parsing: "kg"))
        #expect(item.lineTotal == Price(parsing: "1.00"))
        item.quantity = 3
        #expect(item.lineTotal == nil, "a price per kg is never read per piece")
        item.priceUnit = .count
        #expect(item.lineTotal == Price(parsing: "6.00"))
        #expect(throws: ShopError.invalidAmount("9999.5 kg", problem: .tooLarge)) { try Amount(parsing: "9999.5 kg") }
        #expect(throws: (any Error).self) { try Validation.amount(Amount(count: 10_000)) }
    }
}
