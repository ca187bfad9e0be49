import ShopModel

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// Reading recipe and plan files for `shop recipe add` and `shop plan`, and naming a plan the same way on every device.
public enum RecipeFiles {
    /// The text of a file (UTF-8; a byte-order mark is dropped).
    /// - Throws: ``RecipeError/core(_:)`` with ``ShopError/cannotRead(path:reason:)`` when it is missing or cannot be read (exit 74).
    public static func read(_ path: String) throws(RecipeError) -> String {
        guard let text = try readIfPresent(path) else {
            throw .core(.cannotRead(path: path, reason: "No such file or directory"))
        }
        return text
    }

    /// The largest recipe or plan file read: 1 MiB, far above any real recipe (`recipe add /dev/zero` is refused).
    public static let maximumSize = 1 << 20

    /// The text of a file, or `nil` when there is no file at `path`.
    /// - Throws: ``RecipeError/core(_:)`` with ``ShopError/cannotRead(path:reason:)`` (exit 74) for a file that is not a regular file (a
    ///   folder, a FIFO, a device) or cannot be read; ``RecipeError/refusedRecipeFile(path:reason:)`` (exit 65)
    ///   for one over ``maximumSize``.
    public static func readIfPresent(_ path: String) throws(RecipeError) -> String? {
        // Non-blocking, so that opening a FIFO with no writer returns at once; it is refused below.
        let descriptor = open(path, O_RDONLY | O_CLOEXEC | O_NONBLOCK)
        if descriptor < 0 {
            let code = errno
            if code == ENOENT { return nil }
            throw .core(.cannotRead(path: path, reason: POSIXFile.describe(code)))
        }
        defer { close(descriptor) }
        var info = stat()
        guard fstat(descriptor, &info) == 0 else {
            throw .core(.cannotRead(path: path, reason: POSIXFile.describe(errno)))
        }
        guard info.st_mode & S_IFMT == S_IFREG else {
            throw .core(.cannotRead(path: path, reason: "not a regular file"))
        }
        guard info.st_size <= maximumSize else {
            throw .refusedRecipeFile(path: path, reason: "the file is \(info.st_size) bytes, over the limit of 1 MiB")
        }
        // Read to one byte past the limit: a file that grows while it is read is refused too. The buffer starts at the
        // size the file says it has, and grows only if the file grew.
        var bytes = [UInt8](repeating: 0, count: min(Int(info.st_size), maximumSize) + 1)
        var count = 0
        while count <= maximumSize {
            if count == bytes.count { bytes += [UInt8](repeating: 0, count: min(bytes.count, maximumSize + 1 - count)) }
            let read = bytes.withUnsafeMutableBytes { buffer in
                Glibc.read(descriptor, buffer.baseAddress! + count, buffer.count - count)
            }
            if read < 0 {
                if errno == EINTR { continue }
                throw .core(.cannotRead(path: path, reason: POSIXFile.describe(errno)))
            }
            if read == 0 { break }
            count += read
        }
        guard count <= maximumSize else {
            throw .refusedRecipeFile(path: path, reason: "the file is over the limit of 1 MiB")
        }
        var text = bytes[..<count]
        if text.starts(with: [0xEF, 0xBB, 0xBF]) { text = text.dropFirst(3) }
        return String(decoding: text, as: UTF8.self)
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
