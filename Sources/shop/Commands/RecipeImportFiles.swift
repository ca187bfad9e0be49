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
        /// Whether a file that exists with exactly the text to write is taken as written (`--add`, `recipe add
        /// URL`): the same command run again after a failure succeeds (SPEC section 23).
        var acceptsIdentical = false
        private var taken: Set<String> = []

        init(output: String?, folder: String?, acceptsIdentical: Bool = false) {
            self.output = output
            self.folder = folder
            self.acceptsIdentical = acceptsIdentical
        }

        /// The path for a recipe's file, from the name its title gave; checked now, so nothing is written if any
        /// exists (one with exactly `text` is taken as written when ``acceptsIdentical``).
        mutating func path(for fileName: String, text: String) throws(CommandFailure) -> String {
            let base: String
            if let output {
                base = output
            } else {
                let directory = folder ?? "."
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
            if lstat(path, &info) == 0, !(acceptsIdentical && RecipeImportFiles.holds(path, exactly: text)) {
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

        /// A folder that exists or does not exist yet (it is made when the files are written); anything else is
        /// exit 74 naming it.
        static func requireFolder(_ directory: String) throws(CommandFailure) {
            var info = stat()
            guard stat(directory, &info) == 0 else {
                if errno == ENOENT { return }
                throw notAFolder(directory, String(cString: strerror(errno)))
            }
            guard info.st_mode & S_IFMT == S_IFDIR else { throw notAFolder(directory, "not a folder") }
        }

        /// Makes `directory` and the folders above it that do not exist yet (`recipe import --dir NEW`).
        static func makeFolder(_ directory: String) throws(CommandFailure) {
            var info = stat()
            if stat(directory, &info) == 0 {
                guard info.st_mode & S_IFMT == S_IFDIR else { throw notAFolder(directory, "not a folder") }
                return
            }
            var trimmed = directory
            while trimmed.count > 1, trimmed.hasSuffix("/") { trimmed.removeLast() }
            if let slash = trimmed.lastIndex(of: "/"), slash > trimmed.startIndex {
                try makeFolder(String(trimmed[..<slash]))
            }
            guard mkdir(trimmed, 0o755) == 0 || errno == EEXIST else {
                throw notAFolder(directory, String(cString: strerror(errno)))
            }
        }

        private static func notAFolder(_ directory: String, _ reason: String) -> CommandFailure {
            .report(
                ErrorReport(
                    message: "cannot write into \(Escape.forTerminal(directory)): \(reason)",
                    exitCode: ErrorReport.ExitCode.io))
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

    /// A file written under a hidden name beside where it goes (`.Pasta.cook.1234.part`), not yet in place.
    struct Staged {
        /// Where it goes.
        var path: String
        /// Where it is now.
        var temporary: String
        /// Its text.
        var text: String
    }

    /// Writes the files under hidden names (their folder made if needed): nothing is at a recipe's name yet, so a
    /// change to the list that fails next leaves no file behind (SPEC section 23). On a failure none is left.
    static func stage(_ files: [(text: String, path: String)], folder: String?) throws(CommandFailure) -> [Staged] {
        if let folder, !files.isEmpty { try Plan.makeFolder(folder) }
        var staged: [Staged] = []
        for (text, path) in files {
            let slash = path.lastIndex(of: "/")
            let folderPart = slash.map { String(path[...$0]) } ?? ""
            let name = slash.map { String(path[path.index(after: $0)...]) } ?? path
            let temporary = folderPart + "." + name + ".\(getpid()).part"
            do {
                try writeNew(text, to: temporary, naming: path)
            } catch {
                discard(staged)
                throw error
            }
            staged.append(Staged(path: path, temporary: temporary, text: text))
        }
        return staged
    }

    /// Puts staged files in place, never over a file that exists (one holding exactly the same text, when
    /// `acceptingIdentical`, is taken as written). On a failure the files not yet in place are removed.
    static func place(_ files: [Staged], acceptingIdentical: Bool) throws(CommandFailure) {
        for (index, file) in files.enumerated() {
            // `link` fails if the name exists: unlike `rename`, it never replaces a file made meanwhile.
            if link(file.temporary, file.path) != 0 {
                let code = errno
                guard code == EEXIST, acceptingIdentical, holds(file.path, exactly: file.text) else {
                    discard(Array(files[index...]))
                    if code == EEXIST {
                        throw .report(
                            ErrorReport(
                                message: "\(Escape.forTerminal(file.path)) exists; not overwriting it",
                                exitCode: existsExitCode))
                    }
                    throw .report(
                        ErrorReport(
                            message:
                                "cannot write \(Escape.forTerminal(file.path)): \(String(cString: strerror(code)))",
                            exitCode: ErrorReport.ExitCode.io))
                }
            }
            unlink(file.temporary)
        }
    }

    /// Removes staged files that will not be put in place.
    static func discard(_ files: [Staged]) {
        for file in files { unlink(file.temporary) }
    }

    /// Whether `path` is a regular file (not a link) holding exactly `text`.
    static func holds(_ path: String, exactly text: String) -> Bool {
        let descriptor = open(path, O_RDONLY | O_NOFOLLOW | O_CLOEXEC | O_NONBLOCK)
        guard descriptor >= 0 else { return false }
        defer { close(descriptor) }
        var info = stat()
        let wanted = Array(text.utf8)
        guard fstat(descriptor, &info) == 0, info.st_mode & S_IFMT == S_IFREG, Int(info.st_size) == wanted.count else {
            return false
        }
        var bytes = [UInt8](repeating: 0, count: wanted.count + 1)
        var count = 0
        while count < bytes.count {
            let got = bytes[count...].withUnsafeMutableBytes { read(descriptor, $0.baseAddress, $0.count) }
            if got < 0, errno == EINTR { continue }
            guard got > 0 else { break }
            count += got
        }
        return count == wanted.count && bytes.prefix(count).elementsEqual(wanted)
    }

    /// Writes a new file (never one that exists, never through a symbolic link), mode 0644; errors name `shown`.
    private static func writeNew(_ text: String, to path: String, naming shown: String) throws(CommandFailure) {
        let descriptor = open(path, O_WRONLY | O_CREAT | O_EXCL | O_NOFOLLOW | O_CLOEXEC, 0o644)
        guard descriptor >= 0 else {
            let code = errno
            throw .report(
                ErrorReport(
                    message: "cannot write \(Escape.forTerminal(shown)): \(String(cString: strerror(code)))",
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
                        message: "cannot write \(Escape.forTerminal(shown)): \(String(cString: strerror(code)))",
                        exitCode: ErrorReport.ExitCode.io))
            }
            written += result
        }
        guard fsync(descriptor) == 0, close(descriptor) == 0 else {
            unlink(path)
            throw .report(
                ErrorReport(message: "cannot write \(Escape.forTerminal(shown))", exitCode: ErrorReport.ExitCode.io))
        }
    }
}
