/// A forgiving, linear scan of an HTML page into tags and text, as much of HTML as reading a recipe
/// needs: start and end tags with their attributes, text, comments skipped, and the contents of
/// `<script>` and `<style>` kept whole (only JSON-LD scripts are read; nothing is ever run).
struct HTMLScanner {
    /// One piece of the page.
    enum Piece {
        /// `<name attributes>`; `selfClosing` for `<br/>`.
        case start(name: String, attributes: [String: String], selfClosing: Bool)
        /// `</name>`.
        case end(name: String)
        /// Text between tags, as written (references not decoded).
        case text(Range<Int>)
        /// The contents of a `<script>` element and its attributes.
        case script(attributes: [String: String], body: Range<Int>)
    }

    let bytes: [UInt8]
    private var index = 0

    init(_ bytes: [UInt8]) {
        self.bytes = bytes
    }

    /// The next piece, or `nil` at the end of the page.
    mutating func next() -> Piece? {
        // A loop, not recursion: a page of a million comments must not exhaust the stack.
        while index < bytes.count {
            if let piece = step() { return piece }
        }
        return nil
    }

    /// The piece at `index`, or `nil` for one that is skipped (a comment, a doctype, a style sheet).
    private mutating func step() -> Piece? {
        if bytes[index] != UInt8(ascii: "<") {
            let start = index
            index = find(UInt8(ascii: "<"), from: index + 1) ?? bytes.count
            return .text(start..<index)
        }
        if matches("<!--", at: index) {
            index = find("-->", from: index + 4).map { $0 + 3 } ?? bytes.count
            return nil
        }
        let nameStart = index + 1
        let isEnd = nameStart < bytes.count && bytes[nameStart] == UInt8(ascii: "/")
        let nameFrom = isEnd ? nameStart + 1 : nameStart
        guard nameFrom < bytes.count, isLetter(bytes[nameFrom]) || (!isEnd && bytes[nameFrom] == UInt8(ascii: "!"))
        else {
            // A `<` that opens no tag is text.
            let start = index
            index = find(UInt8(ascii: "<"), from: index + 1) ?? bytes.count
            return .text(start..<index)
        }
        var cursor = nameFrom
        while cursor < bytes.count, !isSpace(bytes[cursor]), bytes[cursor] != UInt8(ascii: ">"),
            bytes[cursor] != UInt8(ascii: "/")
        {
            cursor += 1
        }
        let name = String(decoding: bytes[nameFrom..<cursor], as: UTF8.self).lowercased()
        let (attributes, end, selfClosing) = readAttributes(from: cursor)
        index = end
        if isEnd { return .end(name: name) }
        if name.hasPrefix("!") { return nil }  // <!DOCTYPE ...>
        if name == "script" || name == "style" {
            let close = findClosing(name, from: index) ?? bytes.count
            let body = index..<close
            index = close < bytes.count ? (find(UInt8(ascii: ">"), from: close).map { $0 + 1 } ?? bytes.count) : close
            return name == "script" ? .script(attributes: attributes, body: body) : nil
        }
        return .start(name: name, attributes: attributes, selfClosing: selfClosing)
    }

    /// Attributes up to the tag's `>`: `name="value"`, `name='value'`, `name=value`, `name`.
    private func readAttributes(from start: Int) -> ([String: String], Int, Bool) {
        var attributes: [String: String] = [:]
        var cursor = start
        var selfClosing = false
        while cursor < bytes.count {
            let byte = bytes[cursor]
            if byte == UInt8(ascii: ">") { return (attributes, cursor + 1, selfClosing) }
            if isSpace(byte) || byte == UInt8(ascii: "/") {
                selfClosing = byte == UInt8(ascii: "/")
                cursor += 1
                continue
            }
            selfClosing = false
            let nameStart = cursor
            while cursor < bytes.count, !isSpace(bytes[cursor]), bytes[cursor] != UInt8(ascii: "="),
                bytes[cursor] != UInt8(ascii: ">")
            {
                cursor += 1
            }
            let name = String(decoding: bytes[nameStart..<cursor], as: UTF8.self).lowercased()
            while cursor < bytes.count, isSpace(bytes[cursor]) { cursor += 1 }
            var value = ""
            if cursor < bytes.count, bytes[cursor] == UInt8(ascii: "=") {
                cursor += 1
                while cursor < bytes.count, isSpace(bytes[cursor]) { cursor += 1 }
                if cursor < bytes.count, bytes[cursor] == UInt8(ascii: "\"") || bytes[cursor] == UInt8(ascii: "'") {
                    let quote = bytes[cursor]
                    let close = find(quote, from: cursor + 1) ?? bytes.count
                    value = String(decoding: bytes[(cursor + 1)..<close], as: UTF8.self)
                    cursor = min(close + 1, bytes.count)
                } else {
                    let valueStart = cursor
                    while cursor < bytes.count, !isSpace(bytes[cursor]), bytes[cursor] != UInt8(ascii: ">") {
                        cursor += 1
                    }
                    value = String(decoding: bytes[valueStart..<cursor], as: UTF8.self)
                }
            }
            if attributes[name] == nil { attributes[name] = value }
        }
        return (attributes, bytes.count, selfClosing)
    }

    /// Where `</name` starts (any case), from `start`.
    private func findClosing(_ name: String, from start: Int) -> Int? {
        let target = Array(("</" + name).utf8)
        var cursor = start
        while let candidate = find(UInt8(ascii: "<"), from: cursor) {
            guard candidate + target.count <= bytes.count else { return nil }
            var same = true
            for offset in 1..<target.count where lowered(bytes[candidate + offset]) != target[offset] {
                same = false
                break
            }
            if same { return candidate }
            cursor = candidate + 1
        }
        return nil
    }

    private func find(_ byte: UInt8, from start: Int) -> Int? {
        guard start < bytes.count else { return nil }
        return bytes[start...].firstIndex(of: byte)
    }

    private func find(_ text: String, from start: Int) -> Int? {
        let target = Array(text.utf8)
        var cursor = start
        while let candidate = find(target[0], from: cursor) {
            if matches(text, at: candidate) { return candidate }
            cursor = candidate + 1
        }
        return nil
    }

    private func matches(_ text: String, at start: Int) -> Bool {
        let target = text.utf8
        guard start + target.count <= bytes.count else { return false }
        return zip(bytes[start...], target).allSatisfy { $0 == $1 }
    }

    private func lowered(_ byte: UInt8) -> UInt8 {
        byte >= UInt8(ascii: "A") && byte <= UInt8(ascii: "Z") ? byte + 32 : byte
    }

    private func isLetter(_ byte: UInt8) -> Bool {
        let lower = lowered(byte)
        return lower >= UInt8(ascii: "a") && lower <= UInt8(ascii: "z")
    }

    private func isSpace(_ byte: UInt8) -> Bool {
        byte == 0x20 || byte == 0x09 || byte == 0x0A || byte == 0x0D || byte == 0x0C
    }
}
