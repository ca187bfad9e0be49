import ShopKit

/// A failure that stops a command: a ShopKit error, a usage error, or a report (``ShopCommandLine`` words it).
enum CommandFailure: Error {
    case shop(ShopError)
    case usage(UsageError)
    case report(ErrorReport)
}

/// Runs a throwing ShopKit call, wrapping its error for the command layer. (Closures do not infer
/// typed throws yet, so the body is untyped; ShopKit throws nothing but ``ShopError``.)
func attempt<T>(_ body: () throws -> T) throws(CommandFailure) -> T {
    do {
        return try body()
    } catch let error as ShopError {
        throw .shop(error)
    } catch let error as CommandFailure {
        throw error
    } catch {
        throw .report(ErrorReport(message: "\(error)"))
    }
}
