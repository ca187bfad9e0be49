import ShopJSON
import ShopModel
import Testing

/// The days `--since` and `--until` name: `YYYY-MM-DD` only, real days only, and written back the same.
@Suite struct CalendarDayTests {
    @Test(arguments: ["1970-01-01", "2024-02-29", "2026-11-22", "9999-12-31"])
    func aRealDayReadsAndWritesTheSame(_ text: String) throws {
        let day = try CalendarDay.parse(text).get()
        #expect(day.description == text)
    }

    @Test func daysCountFrom1970() throws {
        #expect(try CalendarDay.parse("1970-01-02").get().number == 1)
        #expect(try CalendarDay.parse("1969-12-31").get().number == -1)
        #expect(try CalendarDay.parse("2026-11-22").get() < CalendarDay.parse("2026-11-23").get())
    }

    @Test(arguments: ["yesterday", "2026-1-05", "2026/01/05", "2026-01-0x", "", "12026-01-05"])
    func aTextNotShapedAsADayIsMalformed(_ text: String) {
        #expect(throws: CalendarDay.ParseFailure.malformed) { try CalendarDay.parse(text).get() }
    }

    @Test(arguments: ["2026-02-30", "2025-02-29", "2026-13-01", "2026-00-10", "2026-04-31", "2026-01-00"])
    func aDateShapedTextThatIsNoDayIsInvalid(_ text: String) {
        #expect(throws: CalendarDay.ParseFailure.invalid) { try CalendarDay.parse(text).get() }
    }
}
