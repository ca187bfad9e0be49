import ShopModel
import ShopTestSupport
import Testing

@Suite struct ValidationTests {
    @Test func trimsNames() throws {
        #expect(try Validation.name("  Milk \t", kind: .item) == "Milk")
        #expect(try Validation.name("\u{00A0}Milk", kind: .item) == "Milk")
    }

    @Test(arguments: ["", "   ", "\t\n"])
    func refusesEmptyNames(_ name: String) {
        expectError(ShopError.invalidName(name, kind: .item, problem: .empty)) {
            _ = try Validation.name(name, kind: .item)
        }
    }

    @Test(arguments: ["mi\u{0}lk", "a\u{1b}[31mred", "tab\there", "del\u{7f}", "c1\u{85}x", "c1\u{9f}x"])
    func refusesControlCharacters(_ name: String) {
        expectError(ShopError.invalidName(name, kind: .location, problem: .controlCharacter)) {
            _ = try Validation.name(name, kind: .location)
        }
    }

    @Test func limitsLengthInCharacters() throws {
        let family = "👨‍👩‍👧"  // one Character, many scalars and bytes
        #expect(try Validation.name(String(repeating: family, count: 200), kind: .item).count == 200)
        expectError(
            ShopError.invalidName(String(repeating: "a", count: 201), kind: .item, problem: .tooLong(length: 201))
        ) {
            _ = try Validation.name(String(repeating: "a", count: 201), kind: .item)
        }
    }

    @Test func quantities() throws {
        #expect(try Validation.quantity(1) == 1)
        #expect(try Validation.quantity(9999) == 9999)
        expectError(ShopError.invalidQuantity(0)) { _ = try Validation.quantity(0) }
        expectError(ShopError.invalidQuantity(10_000)) { _ = try Validation.quantity(10_000) }
        expectError(ShopError.invalidQuantity(-3)) { _ = try Validation.quantity(-3) }
    }

    @Test func visitationOrders() throws {
        #expect(try Validation.visitationOrder(1) == 1)
        #expect(try Validation.visitationOrder(100) == 100)
        expectError(ShopError.invalidVisitationOrder(0)) { _ = try Validation.visitationOrder(0) }
        expectError(ShopError.invalidVisitationOrder(101)) { _ = try Validation.visitationOrder(101) }
    }

    @Test func restockIntervals() throws {
        #expect(try Validation.every(7) == 7)
        expectError(ShopError.invalidEvery(0)) { _ = try Validation.every(0) }
        expectError(ShopError.invalidEvery(3651)) { _ = try Validation.every(3651) }
    }

    @Test func prices() throws {
        #expect(try Validation.price(" 2.49 ").cents == 249)
        expectError(ShopError.invalidPrice("-1")) { _ = try Validation.price("-1") }
        expectError(ShopError.invalidPrice("1.999")) { _ = try Validation.price("1.999") }
    }

    @Test func colors() throws {
        #expect(try Validation.color("#FF8800").hex == "#ff8800ff")
        #expect(try Validation.color("#11223344").hex == "#11223344")
        #expect(try Validation.color("Blue") == RGBA.named.first { $0.name == "blue" }!.color)
        for bad in ["#zz", "#12345", "#1234567", "ff8800", "chartreuse-ish", ""] {
            expectError(ShopError.invalidColor(bad)) { _ = try Validation.color(bad) }
        }
    }

    @Test func colorComponentsRoundTrip() {
        let color = RGBA(unitRed: 0.92485547065734863, green: 0.5, blue: 0, alpha: 1)
        #expect(color.hex == "#ec8000ff")
        #expect(color.unitComponents.alpha == 1)
        #expect(RGBA(unitRed: .nan, green: 2, blue: -1, alpha: 0.5).hex == "#00ff0080")
    }

    @Test func notes() throws {
        #expect(try Validation.note("  ") == nil)
        #expect(try Validation.note("line one\nline two") == "line one\nline two")
        expectError(ShopError.invalidNote("bell\u{7}")) { _ = try Validation.note("bell\u{7}") }
    }
}
