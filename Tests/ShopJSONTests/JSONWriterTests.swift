import Foundation
import ShopJSON
import Testing

/// The general JSON writer, checked against Foundation's.
@Suite struct JSONWriterTests {
    @Test func jsonValueWriterMatchesJSONSerialization() throws {
        let text = #"{"b":[1,2.5,{"z":null,"a":"q\"\\/\u0001\n é😀"}],"a":{},"c":[],"d":true}"#
        let value = try JSONValue.parse(text)
        var writer = JSONWriter()
        writer.value(value)
        let object = try JSONSerialization.jsonObject(with: Data(text.utf8))
        let theirs = try JSONSerialization.data(
            withJSONObject: object, options: [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes])
        #expect(writer.text == String(decoding: theirs, as: UTF8.self))
    }
}
