/// Why a JSON text was refused, and where: 1-based line and column (columns count Unicode scalars).
public struct JSONParseError: Error, Hashable, Sendable, CustomStringConvertible {
    /// The 1-based line of the offending byte.
    public var line: Int
    /// The 1-based column of the offending byte, in Unicode scalars.
    public var column: Int
    /// What was wrong, in lowercase words: `expected ':' after an object key`.
    public var message: String

    /// Creates an error at a position.
    public init(line: Int, column: Int, message: String) {
        self.line = line
        self.column = column
        self.message = message
    }

    /// `line 3, column 14: expected ',' or '}'`.
    public var description: String { "line \(line), column \(column): \(message)" }

    /// Converts a byte offset into a line and column. Only done on failure, so parsing never tracks lines.
    package static func position(of offset: Int, in bytes: UnsafeBufferPointer<UInt8>) -> (line: Int, column: Int) {
        var line = 1
        var column = 1
        for index in 0..<min(max(offset, 0), bytes.count) {
            let byte = bytes[index]
            if byte == UInt8(ascii: "\n") {
                line += 1
                column = 1
            } else if byte & 0xC0 != 0x80 {
                // Continuation bytes belong to the scalar already counted.
                column += 1
            }
        }
        return (line, column)
    }
}

/// A failure inside the scanner: a byte offset and a message; turned into a ``JSONParseError`` (line and
/// column) or into its own error by whoever drives the scanner.
package struct JSONScanFailure: Error {
    package var offset: Int
    package var message: String

    package init(offset: Int, message: String) {
        self.offset = offset
        self.message = message
    }
}
