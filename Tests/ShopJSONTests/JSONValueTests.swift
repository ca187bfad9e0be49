import Foundation
import ShopJSON
import Testing

/// The general JSON tree: what it reads, what it refuses.
@Suite struct JSONValueTests {
    @Test func deepNestingIsRefusedNotACrash() {
        let deep = String(repeating: "[", count: 100_000)
        #expect(throws: JSONParseError.self) { try JSONValue.parse(deep) }
    }

    @Test func jsonValueReadsEscapesAndNumbers() throws {
        let value = try JSONValue.parse(#"{"a":"\u00e9\ud83d\ude00\/\"","n":[-0,1e2,2.50,-9223372036854775808]}"#)
        #expect(value["a"]?.string == "é😀/\"")
        let numbers = try #require(value["n"]?.array)
        #expect(numbers.map(\.int) == [0, 100, nil, Int.min])
        #expect(numbers[2].cents == 250 && numbers[2].double == 2.5)
        #expect(throws: JSONParseError(line: 2, column: 3, message: "duplicate key \"a\" in an object")) {
            try JSONValue.parse("{\"a\":1,\n  \"a\":2}")
        }
    }
}
