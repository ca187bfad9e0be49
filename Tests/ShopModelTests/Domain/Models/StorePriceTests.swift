import Foundation
import ShopJSON
import ShopModel
import Testing

/// A store's last price in the data file (`"<store id> <price>[/<unit>] <date>[ <fraction>]"`): four
/// decimals since version 7 (SPEC 17), the exact ratio of a total paid since version 8, a version 6 price in
/// cents read as it was.
@Suite struct StorePriceTests {
    static let store = "00000000-0000-4000-8000-000000000077"

    @Test func fourDecimalsRoundTrip() throws {
        let text = "\(Self.store) 6.9846/kg 2026-11-23T10:00:00Z"
        let price = try #require(StorePrice(text: text))
        #expect(price.price.tenThousandths == 69_846 && price.unit.symbol == "kg")
        #expect(price.text == text)
    }

    @Test func aPriceInCentsIsWrittenAsItWas() throws {
        let text = "\(Self.store) 0.16 2026-11-23T10:00:00Z"
        let price = try #require(StorePrice(text: text))
        #expect(price.price.tenThousandths == 1600 && price.text == text)
        #expect(StorePrice(text: "\(Self.store) 3 2026-11-23T10:00:00Z")?.price.description == "3.00")
    }

    @Test func anExactRatioRoundTripsAndPricesExactly() throws {
        let text = "\(Self.store) 0.1617 2026-11-23T10:00:00Z 97/600"
        let price = try #require(StorePrice(text: text))
        #expect(price.price.fractionText == "97/600" && price.text == text)
        let perKilo = "\(Self.store) 6.9846/kg 2026-11-23T10:00:00Z 454/65"
        #expect(StorePrice(text: perKilo)?.text == perKilo)
        var item = Item(name: "Bananas", quantity: 50, locationID: Location.ID(UUID()))
        item.storePrices = [price]
        #expect(item.atStore(price.storeID).lineTotal?.description == "8.08")
    }

    /// A fraction that does not round to the price before it, or is no fraction, is damage.
    @Test(arguments: ["97/601", "97/0", "0.1617", "97/600/2", "x/600"])
    func refusesAFractionThatIsNotThePrice(_ fraction: String) {
        #expect(StorePrice(text: "\(Self.store) 0.1617 2026-11-23T10:00:00Z \(fraction)") == nil)
    }

    @Test(arguments: ["0.16175", "0.", "-1", "1.2.3", "0.16/", "0.16/1kg"])
    func refusesWhatIsNoPrice(_ price: String) {
        #expect(StorePrice(text: "\(Self.store) \(price) 2026-11-23T10:00:00Z") == nil)
    }

    @Test func anItemAtTheStoreIsPricedExactly() throws {
        let store = Store.ID(UUID(uuidString: Self.store)!)
        var item = Item(name: "Bananas", quantity: 10, locationID: Location.ID(UUID()), price: Price(cents: 29))
        item.storePrices = [StorePrice(text: "\(Self.store) 0.1617 2026-11-23T10:00:00Z")!]
        #expect(item.lineTotal?.description == "2.90")
        let there = item.atStore(store)
        #expect(there.unitPrice?.description == "0.1617" && there.price?.description == "0.16")
        #expect(there.lineTotal?.description == "1.62")
    }
}
