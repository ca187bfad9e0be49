import Foundation
import ShopHistory
import ShopJSON
import Testing

@testable import ShopFormats
@testable import ShopModel

/// SPEC 23, dates: every day shop writes has a four-digit year; what is typed is refused outside 1970-9999,
/// and a day a file already holds outside them is read and written back as it is.
@Suite struct WritableYearsTests {
    @Test func aDayBeforeTheYear1000KeepsFourDigits() throws {
        let day = try CalendarDay.parse("0026-12-20").get()
        #expect(day.description == "0026-12-20")
        #expect(try CalendarDay.parse("0001-01-01").get().description == "0001-01-01")
    }

    @Test func whatIsTypedMustBeInTheYears1970To9999() throws {
        for text in ["0026-12-20", "0001-01-01", "1969-12-31"] {
            #expect(throws: CalendarDay.ParseFailure.outOfRange) { try CalendarDay.parse(text, writable: true).get() }
            // What a file holds is still a day.
            #expect(throws: Never.self) { try CalendarDay.parse(text).get() }
        }
        #expect(try CalendarDay.parse("1970-01-01", writable: true).get().number == 0)
        #expect(try CalendarDay.parse("9999-12-31", writable: true).get().isWritable)
        let today = try CalendarDay.parse("2026-12-06").get()
        #expect(throws: HistoryError.bestBeforeOutOfRange("0026-12-20")) {
            try BestBefore.parse("0026-12-20", from: today)
        }
        let lastDay = try CalendarDay.parse("9999-12-30").get()
        #expect(throws: HistoryError.bestBeforeOutOfRange("10000-01-09")) {
            try BestBefore.parse("10d", from: lastDay)
        }
        #expect(try BestBefore.parse("1d", from: lastDay).description == "9999-12-31")
    }

    /// A remote's line with a best-before in the year 1 (written by hand or by an older shop) is written
    /// back byte for byte: before, it came back as `"1-01-01"`, which no shop reads.
    @Test func aLoggedDayOutsideTheYearsIsWrittenBackAsItWasRead() throws {
        let line =
            #"{"bestBefore":"0001-01-01","by":"vm","date":"2026-12-06T10:55:19.197Z","id":"B6756747-C0C6-480E-9C83-A8DBBCF78F01","name":"Milk","quantity":2,"stockEntry":"add","stockItem":"964F9A26-3ED5-5561-9123-608F99C6DC45"}"#
            + "\n"
        let contents = try PurchaseLogFile.contents(Array(line.utf8), path: "remote.purchases")
        #expect(contents.stockEntries.count == 1)
        let written = PurchaseLogFile.lines(added: [], deleted: [], stock: contents.stockEntries)
        #expect(String(decoding: written, as: UTF8.self) == line)
    }
}
