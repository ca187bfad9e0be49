import ShopModel
import Testing

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

@Suite struct NameKeyTests {
    @Test func asciiFastPathAgreesWithLowercased() {
        for name in ["milk", "Milk", "MILK 2%", "a-Z_09", ""] {
            #expect(NameOrder.key(name) == name.lowercased(), "\(name)")
        }
        // Beyond ASCII the key folds fully (SPEC 20): what lowercasing gives, and more.
        for name in ["Äpfel", "İstanbul", "ÉCLAIR"] {
            #expect(NameOrder.key(name) == name.lowercased(), "\(name)")
        }
        #expect(NameOrder.key("ß") == "ss")
        #expect(NameOrder.key("Ǆ") == "dž")
    }

    @Test func trimmingFastPathKeepsTheRules() {
        #expect(Validation.trimmed("milk") == "milk")
        #expect(Validation.trimmed(" milk ") == "milk")
        #expect(Validation.trimmed("milk\u{00A0}") == "milk")
        #expect(Validation.trimmed("\u{3000}tea") == "tea")
    }
}
