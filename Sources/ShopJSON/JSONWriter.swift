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
/// let text = writer.text  // {\n  "name" : "milk"\n}
/// ```
public struct JSONWriter: Sendable {
    /// The text written so far (since the last ``drain(_:)``).
    package var buffer: ByteBuffer
    /// The text written so far, UTF-8 (a copy).
    public var bytes: [UInt8] { buffer.array }
    /// Whether to add line breaks and indentation.
    public let pretty: Bool
    /// How many members each open container has so far, innermost last.
    package var counts: [Int] = []
    /// Set after a key, so the value that follows needs no separator.
    package var afterKey = false
    /// Whether pretty output writes empty containers as `[]` and `{}` rather than Foundation's layout.
    public let compactEmptyContainers: Bool
    /// Whether strings escape C1 controls (`\u009b`) and zero-width and text-direction marks (`\u202e`) as they
    /// escape C0 controls, so that output shown on a terminal neither obeys nor reverses anything (SPEC 23).
    public let escapesInvisibles: Bool

    /// A writer with an empty buffer.
    /// - Parameters:
    ///   - pretty: line breaks and two-space indentation, as Foundation's `.prettyPrinted`.
    ///   - compactEmptyContainers: `[]` and `{}` for empty containers instead of Foundation's `[\n\n]`.
    ///   - escapingInvisibles: escape C1 controls and invisible marks too: on for output (`--json`); shop's own
    ///     files pass `false` and keep Foundation's bytes (they read back the same either way, and a file written by an
    ///     older shop and a newer one stays byte for byte the same).
    ///   - capacity: bytes to reserve up front, when the size is roughly known.
    public init(
        pretty: Bool = true, compactEmptyContainers: Bool = false, escapingInvisibles: Bool = true, capacity: Int = 0
    ) {
        self.pretty = pretty
        self.compactEmptyContainers = compactEmptyContainers
        escapesInvisibles = escapingInvisibles
        buffer = ByteBuffer(capacity: capacity)
    }

    /// The text written so far, as a string.
    public var text: String { buffer.text }

    /// Ends the text with a line break (after the top-level value).
    public mutating func appendNewline() { buffer.append(0x0A) }

    /// Hands the bytes written so far to `write` and forgets them, keeping the room they took, so that a
    /// long text can be written out in pieces; the writer's place in the structure is unchanged.
    public mutating func drain<Failure: Error>(
        _ write: (UnsafeBufferPointer<UInt8>) throws(Failure) -> Void
    ) throws(Failure) {
        try buffer.withBytes(write)
        buffer.removeAll()
    }

    /// The number of bytes written since the last ``drain(_:)``.
    public var pendingCount: Int { buffer.count }

    // MARK: - Containers

    /// Opens an object; write ``key(_:)`` then a value for each member.
    public mutating func beginObject() {
        beforeValue()
        buffer.append(UInt8(ascii: "{"))
        counts.append(0)
    }

    /// Closes the innermost object.
    public mutating func endObject() { close(UInt8(ascii: "}")) }

    /// Opens an array; write each element as a value.
    public mutating func beginArray() {
        beforeValue()
        buffer.append(UInt8(ascii: "["))
        counts.append(0)
    }

    /// Closes the innermost array.
    public mutating func endArray() { close(UInt8(ascii: "]")) }

    /// An array of `elements`, each written by `element`.
    package mutating func array<Elements: Sequence>(
        _ elements: Elements, _ element: (inout JSONWriter, Elements.Element) -> Void
    ) {
        beginArray()
        for each in elements { element(&self, each) }
        endArray()
    }

    /// Writes a member's key; the next value written is its value.
    public mutating func key(_ name: String) {
        separate()
        writeQuoted(name)
        buffer.append(pretty ? " : " : ":")
        afterKey = true
    }

    /// Writes a key known at compile time that needs no escaping (plain ASCII letters), without scanning it:
    /// separator, indentation and key in one copy each, since a large list has a dozen keys per record.
    public mutating func key(static name: StaticString) {
        key(plain: UnsafeBufferPointer(start: name.utf8Start, count: name.utf8CodeUnitCount))
    }

    /// Writes a key that needs no escaping, given as its bytes: see ``key(static:)``.
    package mutating func key(plain name: UnsafeBufferPointer<UInt8>) {
        guard let count = counts.last, pretty, counts.count <= 32 else {
            separate()
            buffer.append(UInt8(ascii: "\""))
            buffer.append(name)
            buffer.append(pretty ? "\" : " : "\":")
            afterKey = true
            return
        }
        counts[counts.count - 1] = count + 1
        let indent = 2 * counts.count
        let length = name.count
        buffer.append(atMost: indent + length + 7) { output in
            var position = 0
            if count > 0 {
                output[0] = UInt8(ascii: ",")
                position = 1
            }
            output[position] = 0x0A
            (output + position + 1).update(repeating: 0x20, count: indent)
            position += 1 + indent
            output[position] = UInt8(ascii: "\"")
            (output + position + 1).update(from: name.baseAddress!, count: length)
            position += 1 + length
            output[position] = UInt8(ascii: "\"")
            output[position + 1] = 0x20
            output[position + 2] = UInt8(ascii: ":")
            output[position + 3] = 0x20
            return position + 4
        }
        afterKey = true
    }

    // MARK: - Values

    /// Writes a string, escaping `"`, `\` and control characters (and the invisibles, see ``escapesInvisibles``).
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
        buffer.append(value ? "true" : "false")
    }

    /// Writes `null`.
    public mutating func null() {
        beforeValue()
        buffer.append("null")
    }

    /// Writes a number given as its JSON text, such as a price's `jsonNumber`; the caller vouches that it is one.
    public mutating func number(raw text: String) {
        beforeValue()
        var text = text
        text.withUTF8 { buffer.append($0) }
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
}
