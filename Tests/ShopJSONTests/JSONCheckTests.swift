import ShopJSON
import ShopTestSupport
import Testing

/// `JSONValue.check` (which import runs before reading a file record by record) must accept and refuse
/// exactly what `JSONValue.parse` accepts and refuses, with the same message at the same place.
@Suite struct JSONCheckTests {
    private func outcome(_ text: [UInt8]) -> (parsed: JSONParseError?, checked: JSONParseError?) {
        var parsed: JSONParseError?
        do { _ = try JSONValue.parse(text) } catch { parsed = error }
        var checked: JSONParseError?
        do {
            try text.withUnsafeBufferPointer { (buffer) throws(JSONParseError) in try JSONValue.check(buffer) }
        } catch {
            checked = error
        }
        return (parsed, checked)
    }

    @Test(arguments: [
        #"[{"name": "milk", "onList": true}, {"name": "eggs"}]"#,
        #"{"a": 1, "a": 2}"#,
        #"{"a": {"b": [1, {"c": null, "c": true}]}}"#,
        #"{"\u0061": 1, "a": 2}"#,
        #"{"é": 1, "e\u0301": 2}"#,
        "{\"\u{212A}\": 1, \"K\": 2}",
        #"{"K": 1, "k": 2}"#,
        #"{"x": [1, 2,], "x": 3}"#,
        #"{"x": 1, "x": [}"#,
        #"[1, 2] 3"#,
        "",
        "\u{FEFF}[]",
        #"{"a":"\ud800"}"#,
    ])
    func agreesWithParse(_ text: String) {
        let (parsed, checked) = outcome(Array(text.utf8))
        #expect(parsed == checked, "\(text)")
    }

    @Test func largeObjectsFindRepeatedKeysToo() {
        let members = (0..<100).map { "\"key\($0)\": \($0)" }
        let (parsed, checked) = outcome(Array(("{" + (members + ["\"key7\": 0"]).joined(separator: ",") + "}").utf8))
        #expect(parsed != nil && parsed == checked)
        let unique = outcome(Array(("{" + members.joined(separator: ",") + "}").utf8))
        #expect(unique.parsed == nil && unique.checked == nil)
    }

    @Test func mutatedImportFilesAgreeWithParse() {
        var generator = SeededGenerator(seed: 12)
        let valid = Array(
            #"""
            [
            	{
            		"name" : "Organic milk 0",
            		"onList" : false,
            		"isAvailable" : true,
            		"quantity" : 2.5e0,
            		"locationName" : "Dairy \u00e9\ud83d\ude00"
            	},
            	{ "name": "eggs", "extra": {"nested": [null, -0.5, "x"]}, "onList": true }
            ]
            """#.utf8)
        let interesting: [UInt8] = Array(#"{}[]",:\0123456789.-eE tfnu"#.utf8) + [0x00, 0x0A, 0x80, 0xC3, 0xED, 0xFF]
        for round in 0..<3000 {
            var bytes = valid
            for _ in 0..<Int.random(in: 1...3, using: &generator) where !bytes.isEmpty {
                let index = Int.random(in: 0..<bytes.count, using: &generator)
                switch Int.random(in: 0..<4, using: &generator) {
                case 0: bytes[index] = interesting.randomElement(using: &generator)!
                case 1: bytes.remove(at: index)
                case 2: bytes.insert(interesting.randomElement(using: &generator)!, at: index)
                default: bytes[index] = UInt8.random(in: 0...255, using: &generator)
                }
            }
            let (parsed, checked) = outcome(bytes)
            #expect(parsed == checked, "round \(round): \(String(decoding: bytes, as: UTF8.self))")
        }
    }
}
