/// A small, fast JSON writer into a byte buffer, for the data file and for `--json` output.
///
/// Pretty-printed output matches Foundation's `JSONEncoder` with
/// `[.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]` byte for byte: two-space indent,
/// `"key" : value`, no trailing newline. Empty containers, too, are laid out as Foundation on Linux lays them
/// out: `[`, an empty line, then `]` at the container's indentation (`[\n\n  ]`); pass
/// `compactEmptyContainers` for `[]` and `{}`. The caller writes keys in
/// the order it wants them (sorted, for the data file).
///
/// ```swift
/// var writer = JSONWriter()
/// writer.beginObject()
/// writer.key("name"); writer.string("milk")
/// writer.endObject()
/// let text = writer.bytes  // {\n  "name" : "milk"\n}
/// ```
public struct JSONWriter: Sendable {
    /// The text written so far, UTF-8.
    public internal(set) var bytes: [UInt8] = []
    /// Whether to add line breaks and indentation.
    public let pretty: Bool
    /// How many members each open container has so far, innermost last.
    private var counts: [Int] = []
    /// Set after a key, so the value that follows needs no separator.
    private var afterKey = false
    /// Whether pretty output writes empty containers as `[]` and `{}` rather than Foundation's layout.
    public let compactEmptyContainers: Bool

    /// A writer with an empty buffer.
    /// - Parameters:
    ///   - pretty: line breaks and two-space indentation, as Foundation's `.prettyPrinted`.
    ///   - compactEmptyContainers: `[]` and `{}` for empty containers instead of Foundation's `[\n\n]`.
    ///   - capacity: bytes to reserve up front, when the size is roughly known.
    public init(pretty: Bool = true, compactEmptyContainers: Bool = false, capacity: Int = 0) {
        self.pretty = pretty
        self.compactEmptyContainers = compactEmptyContainers
        bytes.reserveCapacity(capacity)
    }

    /// The text written so far, as a string.
    public var text: String { String(decoding: bytes, as: UTF8.self) }

    // MARK: - Containers

    /// Opens an object; write ``key(_:)`` then a value for each member.
    public mutating func beginObject() {
        beforeValue()
        bytes.append(UInt8(ascii: "{"))
        counts.append(0)
    }

    /// Closes the innermost object.
    public mutating func endObject() { close(UInt8(ascii: "}")) }

    /// Opens an array; write each element as a value.
    public mutating func beginArray() {
        beforeValue()
        bytes.append(UInt8(ascii: "["))
        counts.append(0)
    }

    /// Closes the innermost array.
    public mutating func endArray() { close(UInt8(ascii: "]")) }

    /// Writes a member's key; the next value written is its value.
    public mutating func key(_ name: String) {
        separate()
        writeQuoted(name)
        if pretty {
            bytes.append(contentsOf: [0x20, UInt8(ascii: ":"), 0x20])
        } else {
            bytes.append(UInt8(ascii: ":"))
        }
        afterKey = true
    }

    // MARK: - Values

    /// Writes a string, escaping `"`, `\` and control characters.
    public mutating func string(_ value: String) {
        beforeValue()
        writeQuoted(value)
    }

    /// Writes an integer.
    public mutating func int(_ value: Int) {
        beforeValue()
        appendDecimal(value)
    }

    /// Writes `true` or `false`.
    public mutating func bool(_ value: Bool) {
        beforeValue()
        appendASCII(value ? "true" : "false")
    }

    /// Writes `null`.
    public mutating func null() {
        beforeValue()
        appendASCII("null")
    }

    /// Writes a number given as its JSON text, such as `Price.jsonNumber`; the caller vouches that it is one.
    public mutating func number(raw text: String) {
        beforeValue()
        bytes.append(contentsOf: text.utf8)
    }

    /// Writes any parsed value; object members in UTF-8 byte order of their keys, so the output is stable.
    public mutating func value(_ value: JSONValue) {
        switch value {
        case .null: null()
        case .bool(let flag): bool(flag)
        case .number(let text): number(raw: text)
        case .string(let text): string(text)
        case .array(let elements):
            beginArray()
            for element in elements { self.value(element) }
            endArray()
        case .object(let members):
            beginObject()
            for (name, member) in members.sorted(by: { $0.key.utf8.lexicographicallyPrecedes($1.key.utf8) }) {
                key(name)
                self.value(member)
            }
            endObject()
        }
    }

    // MARK: - Layout

    /// Writes the comma and line break before a key or an array element.
    private mutating func separate() {
        guard let count = counts.last else { return }
        if count > 0 { bytes.append(UInt8(ascii: ",")) }
        if pretty { newlineAndIndent(level: counts.count) }
        counts[counts.count - 1] = count + 1
    }

    private mutating func beforeValue() {
        if afterKey {
            afterKey = false
        } else {
            separate()
        }
    }

    private mutating func close(_ bracket: UInt8) {
        let count = counts.popLast() ?? 0
        if pretty && (count > 0 || !compactEmptyContainers) {
            if count == 0 { bytes.append(0x0A) }
            newlineAndIndent(level: counts.count)
        }
        bytes.append(bracket)
    }

    private mutating func newlineAndIndent(level: Int) {
        bytes.append(0x0A)
        for _ in 0..<level { bytes.append(contentsOf: [0x20, 0x20]) }
    }

    // MARK: - Raw output for the codec

    /// Writes a key that needs no escaping (the data file's own keys), without scanning it.
    mutating func key(static name: StaticString) {
        separate()
        bytes.append(UInt8(ascii: "\""))
        bytes.append(contentsOf: UnsafeBufferPointer(start: name.utf8Start, count: name.utf8CodeUnitCount))
        if pretty {
            bytes.append(contentsOf: [UInt8(ascii: "\""), 0x20, UInt8(ascii: ":"), 0x20])
        } else {
            bytes.append(contentsOf: [UInt8(ascii: "\""), UInt8(ascii: ":")])
        }
        afterKey = true
    }

    /// Writes a price in its shortest form (`2.49`, `2.5`, `3`, as ``Price/jsonNumber``) without building a string.
    mutating func price(_ price: Price) {
        beforeValue()
        appendDecimal(price.cents / 100)
        var fraction = price.cents % 100
        guard fraction != 0 else { return }
        bytes.append(UInt8(ascii: "."))
        bytes.append(UInt8(ascii: "0") + UInt8(fraction / 10))
        fraction %= 10
        if fraction != 0 { bytes.append(UInt8(ascii: "0") + UInt8(fraction)) }
    }

    /// Appends ASCII text that needs no escaping.
    mutating func appendASCII(_ text: StaticString) {
        bytes.append(contentsOf: UnsafeBufferPointer(start: text.utf8Start, count: text.utf8CodeUnitCount))
    }

    /// Writes a value whose bytes are known to need no escaping (hex UUIDs, dates), quoted.
    mutating func quotedRaw(_ write: (inout [UInt8]) -> Void) {
        beforeValue()
        bytes.append(UInt8(ascii: "\""))
        write(&bytes)
        bytes.append(UInt8(ascii: "\""))
    }

    /// Appends the decimal digits of an integer without allocating a string.
    mutating func appendDecimal(_ value: Int) {
        if value < 0 { bytes.append(UInt8(ascii: "-")) }
        var magnitude = value.magnitude
        var digits:
            (
                UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8,
                UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8
            ) =
                (0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0)
        var count = 0
        withUnsafeMutableBytes(of: &digits) { buffer in
            repeat {
                buffer[count] = UInt8(ascii: "0") + UInt8(magnitude % 10)
                magnitude /= 10
                count += 1
            } while magnitude > 0
            for index in stride(from: count - 1, through: 0, by: -1) { bytes.append(buffer[index]) }
        }
    }

    /// Writes a quoted, escaped string, copying runs that need no escape in one go.
    private mutating func writeQuoted(_ text: String) {
        bytes.append(UInt8(ascii: "\""))
        var text = text
        text.withUTF8 { utf8 in
            var runStart = 0
            for index in 0..<utf8.count {
                let byte = utf8[index]
                guard byte < 0x20 || byte == UInt8(ascii: "\"") || byte == UInt8(ascii: "\\") else { continue }
                bytes.append(contentsOf: UnsafeBufferPointer(rebasing: utf8[runStart..<index]))
                runStart = index + 1
                bytes.append(UInt8(ascii: "\\"))
                switch byte {
                case UInt8(ascii: "\""), UInt8(ascii: "\\"): bytes.append(byte)
                case 0x08: bytes.append(UInt8(ascii: "b"))
                case 0x0C: bytes.append(UInt8(ascii: "f"))
                case 0x0A: bytes.append(UInt8(ascii: "n"))
                case 0x0D: bytes.append(UInt8(ascii: "r"))
                case 0x09: bytes.append(UInt8(ascii: "t"))
                default:
                    let hex = Array("0123456789abcdef".utf8)
                    bytes.append(contentsOf: [UInt8(ascii: "u"), 0x30, 0x30, hex[Int(byte >> 4)], hex[Int(byte & 0xF)]])
                }
            }
            bytes.append(contentsOf: UnsafeBufferPointer(rebasing: utf8[runStart..<utf8.count]))
        }
        bytes.append(UInt8(ascii: "\""))
    }
}
