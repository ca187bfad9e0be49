import Testing
@testable import ShopKit

@Suite struct NameOrderTests {
    @Test func caseInsensitiveThenAsWritten() {
        let names = ["banana", "Apple", "apple", "Banana", "cherry", "Äpfel", "_under", "10 eggs", "9 eggs"]
        let sorted = names.sorted(by: NameOrder.precedes)
        #expect(sorted == ["10 eggs", "9 eggs", "_under", "Apple", "apple", "Banana", "banana", "cherry", "Äpfel"])
    }

    @Test func codePointsNotCanonicalOrder() {
        // U+00E9 (é, precomposed) sorts by its code point, after every ASCII letter.
        #expect(NameOrder.precedes("z", "\u{E9}"))
        #expect(!NameOrder.precedes("\u{E9}", "z"))
    }
}
