extension JSONScanner {
    /// Checks one value of any kind exactly as strictly as ``readValue()`` reads it (grammar, UTF-8, depth, and
    /// duplicate keys, compared as `String`s as its dictionaries compare them), with the same failures at the same
    /// places, but without building it: a large import file is checked first and then read record by record.
    package mutating func checkValue() throws(JSONScanFailure) {
        switch try peekValue() {
        case UInt8(ascii: "{"):
            try beginObject()
            var keys = ObjectKeys()
            var first = true
            while let key = try nextKey(first: &first) {
                try checkValue()
                if keys.insert(key, &self) { continue }
                throw failure("duplicate key \"\(string(key))\" in an object", at: key.start - 1)
            }
        case UInt8(ascii: "["):
            try beginArray()
            var first = true
            while try nextElement(first: &first) { try checkValue() }
        case UInt8(ascii: "\""):
            _ = try readStringToken()
        case UInt8(ascii: "-"), UInt8(ascii: "0")...UInt8(ascii: "9"):
            _ = try readNumber()
        default:
            if readNullIfPresent() { return }
            guard (try? readBool()) != nil else { throw failure("expected a value, found \(foundDescription)") }
        }
    }
}

extension JSONValue {
    /// Checks a whole JSON text as strictly as ``parse(_:)-([UInt8])`` does, failing the same way, without a tree.
    package static func check(_ buffer: UnsafeBufferPointer<UInt8>) throws(JSONParseError) {
        var scanner = JSONScanner(buffer)
        do throws(JSONScanFailure) {
            try scanner.checkValue()
            try scanner.finish()
        } catch {
            let (line, column) = JSONParseError.position(of: error.offset, in: buffer)
            throw JSONParseError(line: line, column: column, message: error.message)
        }
    }
}

/// The keys of one object, to find a repeated one as `JSONValue`'s dictionaries would (as `String`s, which compare by
/// canonical equivalence) without building a `String` or a set for the usual object of a few plain ASCII keys.
private struct ObjectKeys {
    private struct Key {
        var token: JSONStringToken
        /// No escape and no byte above 0x7F: equal to another such key exactly when the bytes are.
        var isPlainASCII: Bool
    }

    private var keys: [Key] = []
    /// Past a few dozen keys, a set keeps the check linear.
    private var names: Set<String>?

    /// Adds a key; `false` when the object already has it.
    package mutating func insert(_ token: JSONStringToken, _ scanner: inout JSONScanner) -> Bool {
        if names != nil { return names!.insert(scanner.string(token)).inserted }
        let key = Key(token: token, isPlainASCII: !token.hasEscapes && Self.isASCII(scanner.rawBytes(token)))
        for other in keys where Self.same(key, other, &scanner) { return false }
        if keys.isEmpty { keys.reserveCapacity(8) }
        keys.append(key)
        if keys.count > 32 {
            var all = Set<String>(minimumCapacity: 64)
            for other in keys { all.insert(scanner.string(other.token)) }
            names = all
            keys = []
        }
        return true
    }

    private static func same(_ a: Key, _ b: Key, _ scanner: inout JSONScanner) -> Bool {
        guard a.isPlainASCII && b.isPlainASCII else { return scanner.string(a.token) == scanner.string(b.token) }
        let left = scanner.rawBytes(a.token)
        let right = scanner.rawBytes(b.token)
        guard left.count == right.count else { return false }
        for index in 0..<left.count where left[index] != right[index] { return false }
        return true
    }

    private static func isASCII(_ bytes: UnsafeBufferPointer<UInt8>) -> Bool {
        for index in 0..<bytes.count where bytes[index] >= 0x80 { return false }
        return true
    }
}
