import Testing

@testable import shop

/// The width lines are fitted to (SPEC section 9): the terminal's own, else `$COLUMNS`, else 80.
@Suite struct TerminalSizeTests {
    @Test func theTerminalsOwnWidthWins() {
        #expect(TerminalSize.columns(measured: 120, environment: ["COLUMNS": "40"]) == 120)
    }

    @Test func columnsStandsInForATerminalThatReportsNone() {
        #expect(TerminalSize.columns(measured: nil, environment: ["COLUMNS": "40"]) == 40)
        #expect(TerminalSize.columns(measured: 0, environment: ["COLUMNS": "40"]) == 40)
    }

    @Test func eightyWhenNothingSaysOtherwise() {
        for columns in [nil, "", "wide", "0", "-5"] {
            let environment = columns.map { ["COLUMNS": $0] } ?? [:]
            #expect(TerminalSize.columns(measured: nil, environment: environment) == TerminalSize.fallbackColumns)
        }
        #expect(TerminalSize.fallbackColumns == 80)
    }

    @Test func processEnvironmentReadsThisProcess() {
        let environment = ProcessEnvironment.read()
        #expect(environment["PATH"] != nil || environment.isEmpty == false)
    }
}
