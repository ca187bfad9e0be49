/// A parsed JSON document, for reading JSON whose shape is not the data file's (other apps' exports).
///
/// Numbers keep their text as written, so nothing is lost to binary floating point: use ``int``,
/// ``double`` or ``cents`` to read them. Objects are dictionaries; a duplicate key is an error.
public enum JSONValue: Hashable, Sendable {
    case null
    case bool(Bool)
    /// A number as written in the text, such as `"2.49"` or `"1e3"`.
    case number(String)
    case string(String)
    case array([JSONValue])
    case object([String: JSONValue])

    /// Parses UTF-8 JSON text strictly (RFC 8259), refusing trailing data, duplicate keys, lone surrogates,
    /// invalid UTF-8 and nesting deeper than 256 levels.
    /// - Throws: ``JSONParseError`` with the line and column of the first problem.
    public static func parse(_ bytes: [UInt8]) throws(JSONParseError) -> JSONValue {
        let result: Result<JSONValue, JSONParseError> = bytes.withUnsafeBufferPointer { buffer in
            var scanner = JSONScanner(buffer)
            do throws(JSONScanFailure) {
                let value = try scanner.readValue()
                try scanner.finish()
                return .success(value)
            } catch {
                let (line, column) = JSONParseError.position(of: error.offset, in: buffer)
                return .failure(JSONParseError(line: line, column: column, message: error.message))
            }
        }
        return try result.get()
    }

    /// Parses a JSON text held in a string.
    public static func parse(_ text: String) throws(JSONParseError) -> JSONValue {
        try parse(Array(text.utf8))
    }

    // MARK: - Reading values

    /// The value of a key, when this is an object.
    public subscript(key: String) -> JSONValue? {
        guard case .object(let members) = self else { return nil }
        return members[key]
    }

    /// The text, when this is a string.
    public var string: String? {
        guard case .string(let text) = self else { return nil }
        return text
    }

    /// The flag, when this is a boolean.
    public var bool: Bool? {
        guard case .bool(let flag) = self else { return nil }
        return flag
    }

    /// The elements, when this is an array.
    public var array: [JSONValue]? {
        guard case .array(let elements) = self else { return nil }
        return elements
    }

    /// The members, when this is an object.
    public var object: [String: JSONValue]? {
        guard case .object(let members) = self else { return nil }
        return members
    }

    /// The number as a `Double`, when this is a number (infinite when it is beyond `Double`'s range).
    public var double: Double? {
        guard case .number(let text) = self else { return nil }
        return Double(text)
    }

    /// The number as an exact `Int`, when this is a number with an integral value that fits (`3`, `3.0`, `3e2`).
    public var int: Int? { exactInteger(scale: 0) }

    /// The number in hundredths, when it has at most two non-zero fraction digits (`2.49` is 249).
    public var cents: Int? { exactInteger(scale: 2) }

    private func exactInteger(scale: Int) -> Int? {
        guard case .number(let text) = self else { return nil }
        var bytes = Array(text.utf8)
        return bytes.withUnsafeMutableBufferPointer { buffer -> Int? in
            var scanner = JSONScanner(UnsafeBufferPointer(buffer))
            guard let number = try? scanner.readNumber(), scanner.offset == buffer.count,
                case .value(let value) = scanner.exactInteger(number, scale: scale)
            else { return nil }
            return value
        }
    }
}

extension JSONScanner {
    /// Reads any value into a tree, recursing at most ``maximumDepth`` levels.
    package mutating func readValue() throws(JSONScanFailure) -> JSONValue {
        switch try peekValue() {
        case UInt8(ascii: "{"):
            try beginObject()
            var members: [String: JSONValue] = [:]
            var first = true
            while let key = try nextKey(first: &first) {
                let keyOffset = key.start - 1
                let name = string(key)
                let value = try readValue()
                guard members.updateValue(value, forKey: name) == nil else {
                    throw failure("duplicate key \"\(name)\" in an object", at: keyOffset)
                }
            }
            return .object(members)
        case UInt8(ascii: "["):
            try beginArray()
            var elements: [JSONValue] = []
            var first = true
            while try nextElement(first: &first) { elements.append(try readValue()) }
            return .array(elements)
        case UInt8(ascii: "\""):
            return .string(try readString())
        case UInt8(ascii: "-"), UInt8(ascii: "0")...UInt8(ascii: "9"):
            return .number(text(try readNumber()))
        default:
            if readNullIfPresent() { return .null }
            guard let flag = try? readBool() else { throw failure("expected a value, found \(foundDescription)") }
            return .bool(flag)
        }
    }
}
