import Foundation
import ShopHistory
import ShopJSON
import Testing

@testable import ShopFormats
@testable import ShopModel

/// SPEC 23: the sample's dates move with today (`sample`, `demo`): its last purchase is yesterday, on any day,
/// and every date of its files moves by the same whole days, so what it shows relative to today is the same.
@Suite struct SampleDataDatesTests {
    static let utc = LocalCalendar.utc

    @Test(arguments: ["2026-11-23T10:00:00Z", "2031-06-17T10:00:00Z", "2026-01-01T00:30:00Z"])
    func theLastPurchaseIsYesterday(_ now: String) throws {
        let date = try #require(TimestampText.parse(now))
        let sample = try SampleData.dated(for: date, calendar: Self.utc)
        let last = try #require(sample.purchases.map(\.date).max())
        #expect(Self.utc.dayNumber(of: last) == Self.utc.dayNumber(of: date) - 1)
        // Everything moved together: the gaps between purchases, and each stocked item's lots, are as in the file.
        let fixed = try SampleData.purchases()
        let shift = Self.utc.dayNumber(of: last) - Self.utc.dayNumber(of: try #require(fixed.map(\.date).max()))
        #expect(
            zip(fixed, sample.purchases).allSatisfy {
                $1.date.timeIntervalSince($0.date) == Double(shift * 86_400) && $0.id == $1.id
            })
        #expect(sample.stock.count == (try SampleData.stockEntries()).count)
        #expect(sample.list.itemCount == (try SampleData.load()).itemCount)
        let milk = try #require(sample.list.item(named: "Milk"))
        let fixedMilk = try #require((try SampleData.load()).item(named: "Milk"))
        #expect(
            milk.dateLastPurchased.map { $0.timeIntervalSince(fixedMilk.dateLastPurchased!) } == Double(shift * 86_400))
    }

    @Test func onlyDatesMove() {
        let text =
            #"{"a":"2026-11-21T10:00:00Z","b":"2026-12-20","id":"964F9A26-3ED5-5561-9123-608F99C6DC45","p":"x 3.49/pack 2026-02-28T09:00:00Z"}"#
        let moved = String(decoding: SampleData.moving(Array(text.utf8), byDays: 2), as: UTF8.self)
        #expect(
            moved
                == #"{"a":"2026-11-23T10:00:00Z","b":"2026-12-22","id":"964F9A26-3ED5-5561-9123-608F99C6DC45","p":"x 3.49/pack 2026-03-02T09:00:00Z"}"#
        )
    }
}
