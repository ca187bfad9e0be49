import ShopKit

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// Writes a run's result to the real standard streams and decides the exit code (SPEC 20, Output): a
/// backup made with `shop export > backup.json` on a full disk must not exit 0 with half the bytes.
enum OutputDelivery {
    /// The exit code when standard output or standard error could not be written.
    static let writeFailed: Int32 = 74

    /// Writes `result`'s output and messages; returns the exit code. A closed pipe (`shop list | head`) ends quietly
    /// with the command's own code; any other failed write is exit 74, said on standard error if it still takes it.
    static func deliver(_ result: ShopCommandLine.Result) -> Int32 {
        var failure = result.outputFailure
        if let pager = result.pager, failure == nil, Pager.show(result.output, through: pager) {
            return result.exitCode
        }
        if failure == nil, case .failed(let code) = StandardStreams.write(result.output, to: STDOUT_FILENO) {
            failure = code
        }
        let messagesWritten = StandardStreams.write(result.messages, to: STDERR_FILENO)
        if let failure {
            let line = "Error: cannot write standard output: \(POSIXFile.describe(failure)).\n"
            StandardStreams.write(line, to: STDERR_FILENO)
            return writeFailed
        }
        if case .failed = messagesWritten { return writeFailed }
        return result.exitCode
    }
}
