import ShopKit

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// The files of `recipe import`: pages read (regular files, at most 10 MiB), and Cooklang files written
/// only where none exists, in the folder asked for and nowhere else.
enum RecipeImportFiles {
    /// Exit code for a file that exists and is not overwritten (sysexits `EX_CANTCREAT`).
    static let existsExitCode: Int32 = 73

    /// Where each recipe goes: `-o PATH` (a second recipe of the page as `PATH-2.cook`), `--dir DIR`,
    /// else the current folder; a name given twice in one run takes `-2`, `-3`.
    struct Plan {
        var output: String?
        var folder: String?
        private var taken: Set<String> = []

        init(output: String?, folder: String?) {
            self.output = output
            self.folder = folder
        }

        /// The path for a file name the title gave; checked now, so nothing is written if any exists.
        mutating func path(for fileName: String) throws(CommandFailure) -> String {
            let base: String
            if let output {
                base = output
            } else {
                let directory = folder ?? "."
                try Self.requireFolder(directory)
                base = directory == "." ? fileName : (directory.hasSuffix("/") ? directory : directory + "/") + fileName
            }
            var path = base
            var number = 1
            while taken.contains(path) {
                number += 1
                path = Self.numbered(base, number)
            }
            taken.insert(path)
            var info = stat()
            if lstat(path, &info) == 0 {
                throw .report(
                    ErrorReport(
                        message: "\(Escape.forTerminal(path)) exists; not overwriting it",
                        hint: "remove it, or write elsewhere with '--dir' or '-o'", exitCode: existsExitCode))
            }
            return path
        }

        /// `pasta.cook` → `pasta-2.cook`.
        private static func numbered(_ path: String, _ number: Int) -> String {
            guard path.hasSuffix(".cook") else { return path + "-\(number)" }
            return String(path.dropLast(5)) + "-\(number).cook"
        }

        /// A folder that exists, else exit 74 naming it.
        static func requireFolder(_ directory: String) throws(CommandFailure) {
            var info = stat()
            guard stat(directory, &info) == 0, info.st_mode & S_IFMT == S_IFDIR else {
                throw .report(
                    ErrorReport(
                        message: "cannot write into \(Escape.forTerminal(directory)): not a folder",
                        exitCode: ErrorReport.ExitCode.io))
            }
        }
    }

    /// A saved page: a regular file of at most 10 MiB.
    static func readPage(_ path: String) throws(CommandFailure) -> [UInt8] {
        func failure(_ reason: String, _ code: Int32 = ErrorReport.ExitCode.io) -> CommandFailure {
            .report(ErrorReport(message: "cannot read \(Escape.forTerminal(path)): \(reason)", exitCode: code))
        }
        let descriptor = open(path, O_RDONLY | O_CLOEXEC | O_NONBLOCK)
        guard descriptor >= 0 else { throw failure(String(cString: strerror(errno))) }
        defer { close(descriptor) }
        var info = stat()
        guard fstat(descriptor, &info) == 0 else { throw failure(String(cString: strerror(errno))) }
        guard info.st_mode & S_IFMT == S_IFREG else { throw failure("not a regular file") }
        let limit = WebPageReader.maximumPageBytes
        guard Int(info.st_size) <= limit else {
            throw failure("larger than 10 MiB", ErrorReport.ExitCode.refused)
        }
        var bytes = [UInt8](repeating: 0, count: Int(info.st_size) + 1)
        var count = 0
        while count < bytes.count {
            let got = bytes[count...].withUnsafeMutableBytes { read(descriptor, $0.baseAddress, $0.count) }
            if got < 0 {
                if errno == EINTR { continue }
                throw failure(String(cString: strerror(errno)))
            }
            if got == 0 { break }
            count += got
        }
        guard count <= limit else { throw failure("larger than 10 MiB", ErrorReport.ExitCode.refused) }
        return Array(bytes.prefix(count))
    }

    /// Writes a new file (never one that exists, never through a symbolic link), mode 0644.
    static func writeNew(_ text: String, to path: String) throws(CommandFailure) {
        let descriptor = open(path, O_WRONLY | O_CREAT | O_EXCL | O_NOFOLLOW | O_CLOEXEC, 0o644)
        guard descriptor >= 0 else {
            let code = errno
            if code == EEXIST {
                throw .report(
                    ErrorReport(
                        message: "\(Escape.forTerminal(path)) exists; not overwriting it", exitCode: existsExitCode))
            }
            throw .report(
                ErrorReport(
                    message: "cannot write \(Escape.forTerminal(path)): \(String(cString: strerror(code)))",
                    exitCode: ErrorReport.ExitCode.io))
        }
        let bytes = Array(text.utf8)
        var written = 0
        while written < bytes.count {
            let result = bytes[written...].withUnsafeBytes { write(descriptor, $0.baseAddress, $0.count) }
            if result < 0, errno == EINTR { continue }
            guard result > 0 else {
                let code = errno
                close(descriptor)
                unlink(path)
                throw .report(
                    ErrorReport(
                        message: "cannot write \(Escape.forTerminal(path)): \(String(cString: strerror(code)))",
                        exitCode: ErrorReport.ExitCode.io))
            }
            written += result
        }
        guard fsync(descriptor) == 0, close(descriptor) == 0 else {
            unlink(path)
            throw .report(
                ErrorReport(message: "cannot write \(Escape.forTerminal(path))", exitCode: ErrorReport.ExitCode.io))
        }
    }
}
