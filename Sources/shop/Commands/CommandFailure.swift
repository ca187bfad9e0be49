import ShopKit

/// A failure that stops a command: a ShopKit error, a usage error, or a report (``ShopCommandLine`` words it).
enum CommandFailure: Error {
    case shop(ShopError)
    case usage(UsageError)
    case report(ErrorReport)
}

extension CommandFailure {
    /// A ShopKit layer's error for the command layer: each layer's error type is worded (and given its exit code) by
    /// ``ErrorReport``; anything else, which ShopKit never throws, is its description.
    init(_ error: any Error) {
        switch error {
        case let error as ShopError: self = .shop(error)
        case let error as CommandFailure: self = error
        case let error as RecipeError: self = .report(ErrorReport(error))
        case let error as HistoryError: self = .report(ErrorReport(error))
        case let error as SyncError: self = .report(ErrorReport(error))
        default: self = .report(ErrorReport(message: "\(error)"))
        }
    }
}

/// Runs a throwing ShopKit call, wrapping its error for the command layer. (Closures do not infer
/// typed throws yet, so the body is untyped; ShopKit throws only its layers' error types.)
func attempt<T>(_ body: () throws -> T) throws(CommandFailure) -> T {
    do {
        return try body()
    } catch {
        throw CommandFailure(error)
    }
}
