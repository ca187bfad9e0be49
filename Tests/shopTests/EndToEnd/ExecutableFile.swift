import Foundation

#if canImport(Glibc)
    import Glibc
#endif

/// Writing a program that the suite then runs (a copy of `shop`, a git hook).
enum ExecutableFile {
    /// Writes `bytes` as a new executable at `target` through a descriptor opened close-on-exec. Foundation's
    /// writers leave theirs inheritable, and a process another test starts at that moment would keep the
    /// file open for writing, so running it fails with ETXTBSY ("Text file busy").
    static func write(_ bytes: Data, to target: URL) throws {
        let descriptor = open(target.path, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0o755)
        guard descriptor >= 0 else { throw CocoaError(.fileWriteUnknown) }
        defer { close(descriptor) }
        let written = bytes.withUnsafeBytes { Glibc.write(descriptor, $0.baseAddress, $0.count) }
        guard written == bytes.count, fchmod(descriptor, 0o755) == 0 else { throw CocoaError(.fileWriteUnknown) }
    }

    /// Whether `error` (from `Process.run`) is exec's ETXTBSY: the file was open for writing somewhere
    /// for a moment (a process forked elsewhere in the suite, not yet at its exec), worth trying again.
    static func isTextFileBusy(_ error: NSError) -> Bool {
        let underlying = error.userInfo[NSUnderlyingErrorKey] as? NSError
        return (underlying?.domain == NSPOSIXErrorDomain && underlying?.code == Int(ETXTBSY))
            || (error.domain == NSPOSIXErrorDomain && error.code == Int(ETXTBSY))
    }
}
