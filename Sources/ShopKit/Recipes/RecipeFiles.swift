#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// Reading recipe and plan files for `shop recipe add` and `shop plan`, and naming a plan the same way on
/// every device.
public enum RecipeFiles {
    /// The text of a file (UTF-8; a byte-order mark is dropped).
    /// - Throws: ``ShopError/cannotRead(path:reason:)`` when it is missing or cannot be read (exit 74).
    public static func read(_ path: String) throws(ShopError) -> String {
        guard let text = try readIfPresent(path) else {
            throw .cannotRead(path: path, reason: "No such file or directory")
        }
        return text
    }

    /// The text of a file, or `nil` when there is no file at `path`.
    /// - Throws: ``ShopError/cannotRead(path:reason:)`` for any other failure (a folder, no permission).
    public static func readIfPresent(_ path: String) throws(ShopError) -> String? {
        guard var bytes = try POSIXFile.read(path) else { return nil }
        if bytes.starts(with: [0xEF, 0xBB, 0xBF]) { bytes.removeFirst(3) }
        return String(decoding: bytes, as: UTF8.self)
    }

    /// `path` made absolute against the working folder, with `.` and `..` steps taken out.
    public static func absolute(_ path: String) -> String {
        var full = path
        if !path.hasPrefix("/") {
            var buffer = [UInt8](repeating: 0, count: 4096)
            let found = buffer.withUnsafeMutableBufferPointer { pointer in
                pointer.withMemoryRebound(to: CChar.self) { getcwd($0.baseAddress, $0.count) != nil }
            }
            let folder = found ? String(decoding: buffer.prefix { $0 != 0 }, as: UTF8.self) : "."
            full = folder + "/" + path
        }
        var parts: [Substring] = []
        for part in full.split(separator: "/") {
            if part == "." { continue }
            if part == ".." {
                if !parts.isEmpty { parts.removeLast() }
                continue
            }
            parts.append(part)
        }
        return "/" + parts.joined(separator: "/")
    }

    /// How a plan is named on the list: its absolute path, with the home folder written `~` so that two
    /// devices that keep their plans at the same place under their homes name them alike.
    public static func planName(_ absolutePath: String, home: String?) -> String {
        guard let home, !home.isEmpty, home != "/" else { return absolutePath }
        let prefix = home.hasSuffix("/") ? home : home + "/"
        return absolutePath.hasPrefix(prefix) ? "~/" + absolutePath.dropFirst(prefix.count) : absolutePath
    }

    /// The folder holding `absolutePath`.
    public static func folder(of absolutePath: String) -> String {
        guard let slash = absolutePath.lastIndex(of: "/") else { return "." }
        let folder = String(absolutePath[..<slash])
        return folder.isEmpty ? "/" : folder
    }

    /// The file name of a path (after the last `/`).
    public static func fileName(_ path: String) -> String {
        String(path.split(separator: "/").last ?? Substring(path))
    }
}
