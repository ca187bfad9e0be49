import Foundation

// The source tree as the checks of SourceTreeTests.swift read it, found from this file's path.

/// The repository's folders and Swift files.
enum SourceTree {
    /// The repository's root: this file is `Tests/ShopKitTests/SourceTree.swift`.
    static let root = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()

    /// The folders under `folder` (a path from the root), as paths from `folder`, sorted (a link to a
    /// folder counts as one).
    static func folders(under folder: String) -> [String] {
        let base = root.appendingPathComponent(folder)
        let paths = FileManager.default.enumerator(atPath: base.path)?.compactMap { $0 as? String } ?? []
        return paths.filter { path in
            var isFolder: ObjCBool = false
            let full = base.appendingPathComponent(path).path
            return FileManager.default.fileExists(atPath: full, isDirectory: &isFolder) && isFolder.boolValue
        }.sorted()
    }

    /// The Swift files under `folder` (a path from the root), as paths from `folder`, with their text.
    static func swiftFiles(under folder: String) throws -> [(path: String, text: String)] {
        let base = root.appendingPathComponent(folder)
        let paths = FileManager.default.enumerator(atPath: base.path)?.compactMap { $0 as? String } ?? []
        return try paths.filter { $0.hasSuffix(".swift") }.sorted().map { path in
            (path, try String(contentsOf: base.appendingPathComponent(path), encoding: .utf8))
        }
    }
}

/// The string literals of Swift source that have no interpolation, with the line each begins on. Comments
/// are skipped; a literal inside an interpolation (`"\(count(n, "amount"))"`) is found; multi-line and raw
/// (`#"..."#`) literals are read whole. Regular expression literals are not recognised (shop has none).
struct StringLiterals {
    private let bytes: [UInt8]
    private var index = 0
    private var line = 1
    private(set) var found: [(line: Int, text: String)] = []

    init(_ text: String) {
        bytes = Array(text.utf8)
        code(untilParenthesis: false)
    }

    private func starts(with text: [UInt8], at position: Int) -> Bool {
        position + text.count <= bytes.count && bytes[position..<position + text.count].elementsEqual(text)
    }

    private mutating func advance(_ count: Int = 1) {
        for _ in 0..<count where index < bytes.count {
            if bytes[index] == 0x0A { line += 1 }
            index += 1
        }
    }

    /// Code, up to the `)` that closes an interpolation when `untilParenthesis`.
    private mutating func code(untilParenthesis: Bool) {
        var depth = 0
        while index < bytes.count {
            if starts(with: Array("//".utf8), at: index) {
                while index < bytes.count && bytes[index] != 0x0A { advance() }
                continue
            }
            if starts(with: Array("/*".utf8), at: index) {
                while index < bytes.count && !starts(with: Array("*/".utf8), at: index) { advance() }
                advance(2)
                continue
            }
            var quote = index
            while quote < bytes.count && bytes[quote] == UInt8(ascii: "#") { quote += 1 }
            if quote < bytes.count && bytes[quote] == UInt8(ascii: "\"") {
                literal(hashes: quote - index)
                continue
            }
            switch bytes[index] {
            case UInt8(ascii: "("): depth += 1
            case UInt8(ascii: ")"):
                if untilParenthesis && depth == 0 {
                    advance()
                    return
                }
                depth -= 1
            default: break
            }
            advance()
        }
    }

    /// A literal, from its first `#` or quote.
    private mutating func literal(hashes: Int) {
        let startLine = line
        advance(hashes)
        let quotes = starts(with: Array("\"\"\"".utf8), at: index) ? 3 : 1
        advance(quotes)
        let close =
            Array(repeating: UInt8(ascii: "\""), count: quotes) + Array(repeating: UInt8(ascii: "#"), count: hashes)
        let escape = [UInt8(ascii: "\\")] + Array(repeating: UInt8(ascii: "#"), count: hashes)
        var content: [UInt8] = []
        var interpolated = false
        while index < bytes.count {
            if starts(with: close, at: index) {
                advance(close.count)
                break
            }
            if starts(with: escape, at: index), index + escape.count < bytes.count {
                let after = index + escape.count
                if bytes[after] == UInt8(ascii: "(") {
                    interpolated = true
                    advance(escape.count + 1)
                    code(untilParenthesis: true)
                } else {
                    content += bytes[index...after]
                    advance(escape.count + 1)
                }
                continue
            }
            content.append(bytes[index])
            advance()
        }
        if !interpolated { found.append((startLine, String(decoding: content, as: UTF8.self))) }
    }
}
