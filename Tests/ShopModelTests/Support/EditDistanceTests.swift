import ShopJSON
import ShopModel
import Testing

/// The distance behind "did you mean" suggestions.
@Suite struct EditDistanceTests {
    @Test func insertionsDeletionsAndSubstitutionsCountOneEach() {
        #expect(EditDistance.between("", "") == 0)
        #expect(EditDistance.between("", "milk") == 4)
        #expect(EditDistance.between("milk", "") == 4)
        #expect(EditDistance.between("milk", "milk") == 0)
        #expect(EditDistance.between("milk", "silk") == 1)
        #expect(EditDistance.between("milk", "mlk") == 1)
        #expect(EditDistance.between("kitten", "sitting") == 3)
        // By Unicode scalar: a precomposed é against e and a combining accent is two edits.
        #expect(EditDistance.between("caf\u{E9}", "cafe\u{301}") == 2)
    }

    @Test func atMostRulesOutByLengthFirst() {
        #expect(EditDistance.atMost(1, "milk", "milks"))
        #expect(!EditDistance.atMost(1, "milk", "milkshake"))
        #expect(EditDistance.atMost(3, "kitten", "sitting"))
        #expect(!EditDistance.atMost(2, "kitten", "sitting"))
    }
}
