import ShopJSON
import ShopModel
import Testing

@Suite struct PriceTests {
    @Test func parsesExactCents() {
        #expect(Price(parsing: "2.49")?.cents == 249)
        #expect(Price(parsing: "2.5")?.cents == 250)
        #expect(Price(parsing: ".5")?.cents == 50)
        #expect(Price(parsing: "3")?.cents == 300)
    }

    @Test(arguments: ["-1", "2.499", "", ".", "1e3", "1..2", "abc", "1,5", "1000000.01"])
    func refuses(_ text: String) {
        #expect(Price(parsing: text) == nil)
    }

    @Test func addsExactly() {
        let total = Price(parsing: "1.10")!.cents + Price(parsing: "2.20")!.cents
        #expect(Price(cents: total)?.description == "3.30")
    }

    @Test func formats() {
        #expect(Price(cents: 5)?.description == "0.05")
        #expect(Price(cents: 250)?.jsonNumber == "2.5")
        #expect(Price(cents: 300)?.jsonNumber == "3")
        #expect(Price(cents: 249)?.jsonNumber == "2.49")
    }

    /// The JSON writer writes prices (in purchases, the log's lines among them) as `jsonNumber` spells them.
    @Test func theWriterWritesPricesAsJSONNumbers() {
        for cents in Array(0...1_000) + [9_999, 10_000, 10_001, 123_450, 123_456, Price.maximumCents * 9999] {
            let price = Price(sumOfCents: cents)
            var writer = JSONWriter(pretty: false)
            writer.price(price)
            #expect(writer.text == price.jsonNumber, "\(cents)")
        }
    }
}

@Suite struct LineTotalTests {
    @Test func lineTotalsMayExceedTheLargestUnitPrice() {
        let item = Item(name: "gold", quantity: 10, locationID: .random(), price: Price(cents: Price.maximumCents))
        #expect(item.lineTotal?.cents == Price.maximumCents * 10)
        #expect(Item(name: "free", locationID: .random()).lineTotal == nil)
    }
}
