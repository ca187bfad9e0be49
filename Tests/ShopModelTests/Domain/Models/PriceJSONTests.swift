import ShopJSON
import ShopModel
import Testing

/// A price written as a JSON number by the writer is its shortest form, the same text as ``Price/jsonNumber``.
@Suite struct PriceJSONTests {
    @Test(arguments: [0, 5, 50, 249, 250, 300, 100_000_000])
    func theWriterWritesThePricesShortestForm(_ cents: Int) throws {
        let price = try #require(Price(cents: cents))
        var writer = JSONWriter(pretty: false)
        writer.price(price)
        #expect(writer.text == price.jsonNumber)
    }

    @Test func shortestForms() throws {
        let texts = try [249, 250, 300, 5].map { cents in
            var writer = JSONWriter(pretty: false)
            writer.price(try #require(Price(cents: cents)))
            return writer.text
        }
        #expect(texts == ["2.49", "2.5", "3", "0.05"])
    }
}
