import Testing

@testable import shop

/// Parses `arguments` and returns the invocation, recording a test failure for anything else.
func invocation(_ arguments: [String], sourceLocation: SourceLocation = #_sourceLocation) -> Invocation? {
    do {
        let result = try ArgumentParser().parse(arguments)
        guard case .run(let invocation) = result else {
            Issue.record("expected a command to run, got \(result)", sourceLocation: sourceLocation)
            return nil
        }
        return invocation
    } catch {
        Issue.record("unexpected usage error: \(error.message)", sourceLocation: sourceLocation)
        return nil
    }
}

/// Parses `arguments` and returns the usage error, recording a test failure if there is none.
func usageError(_ arguments: [String], sourceLocation: SourceLocation = #_sourceLocation) -> UsageError? {
    do {
        let result = try ArgumentParser().parse(arguments)
        Issue.record("expected a usage error, got \(result)", sourceLocation: sourceLocation)
        return nil
    } catch {
        return error
    }
}

/// Parses `arguments`, turning a usage error into `nil` (for comparing results).
func parsed(_ arguments: [String]) -> ParseResult? {
    try? ArgumentParser().parse(arguments)
}
