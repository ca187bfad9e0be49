import ShopKit

/// Names given on standard input (`shop add -`): one a line, skipping blank lines and lines starting with `#`.
enum NameLines {
    /// The names in `text` with their line numbers (from 1), for errors that point at a line; split as UTF-8
    /// bytes: splitting by `Character` costs more (see .bench/README.md).
    static func numbered(_ text: String) -> [(line: Int, name: String)] {
        var text = text
        return text.withUTF8 { bytes in
            var names: [(line: Int, name: String)] = []
            var start = 0
            var lineNumber = 0
            while start < bytes.count {
                lineNumber += 1
                var end = start
                while end < bytes.count && bytes[end] != UInt8(ascii: "\n") { end += 1 }
                let next = end + 1
                if end > start && bytes[end - 1] == UInt8(ascii: "\r") { end -= 1 }
                var first = start
                while first < end && (bytes[first] == UInt8(ascii: " ") || bytes[first] == UInt8(ascii: "\t")) {
                    first += 1
                }
                if first < end && bytes[first] != UInt8(ascii: "#") {
                    let line = String(decoding: UnsafeBufferPointer(rebasing: bytes[start..<end]), as: UTF8.self)
                    // A line of only Unicode white space (a no-break space) is blank too.
                    if bytes[first] < 0x80 || !Validation.isBlank(line) { names.append((lineNumber, line)) }
                }
                start = next
            }
            return names
        }
    }
}
