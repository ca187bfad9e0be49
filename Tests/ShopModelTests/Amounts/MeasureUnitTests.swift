import ShopModel
import Testing

@Suite struct MeasureUnitTests {
    @Test func spellingsAndPluralsAreOneUnit() {
        #expect(MeasureUnit(parsing: "grams") == MeasureUnit(parsing: "g"))
        #expect(MeasureUnit(parsing: "Litre") == MeasureUnit(parsing: "l"))
        #expect(MeasureUnit(parsing: "liters") == MeasureUnit(parsing: "L"))
        #expect(MeasureUnit(parsing: "tablespoons")?.symbol == "tbsp")
        #expect(MeasureUnit(parsing: "fl  oz")?.symbol == "fl oz")
        #expect(MeasureUnit(parsing: "fluid ounces")?.symbol == "fl oz")
        #expect(MeasureUnit(parsing: "cans") == MeasureUnit(parsing: "can"))
        #expect(MeasureUnit(parsing: "bunches")?.symbol == "bunch")
        #expect(MeasureUnit(parsing: "cloves")?.symbol == "clove")
        // Not in the English table: one unit only with the spelling that lacks the final s (SPEC 14).
        #expect(MeasureUnit(parsing: "berries") != MeasureUnit(parsing: "berry"))
        #expect(MeasureUnit(parsing: "berries")?.symbol == "berries")
        #expect(MeasureUnit(parsing: "cans") != MeasureUnit(parsing: "jar"))
        #expect(MeasureUnit(parsing: "  ") == nil)
    }

    @Test func familiesKeepUnitsApart() {
        #expect(MeasureUnit(parsing: "oz")?.family == .mass)
        #expect(MeasureUnit(parsing: "fl oz")?.family == .volume)
        #expect(MeasureUnit(parsing: "cup")?.family == .volume)
        #expect(MeasureUnit(parsing: "pack")?.family == .word("pack"))
    }
}
