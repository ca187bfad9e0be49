import Foundation
import Testing

@testable import shop

/// Where the width comes from and where it does not apply: pipes are never cut, colour takes no cells,
/// and a terminal that reports no size falls back to `$COLUMNS`, then 80.
@Suite("Terminal width")
struct TerminalWidthEndToEndTests {
    private func fixture() throws -> ShopProcess {
        let shop = try ShopProcess()
        try TerminalFixture.install(in: shop)
        return shop
    }

    private func widest(_ text: String) -> Int {
        text.split(separator: "\n").map { CellText.visibleWidth(String($0)) }.max() ?? 0
    }

    @Test(
        "a pipe is never cut, whatever COLUMNS says",
        arguments: TerminalLayoutEndToEndTests.views + ["list --format csv", "list --format markdown", "list --json"])
    func pipesAreNeverCut(view: String) throws {
        let shop = try fixture()
        defer { shop.remove() }
        let outcome = try shop.run(view.split(separator: " ").map(String.init), environment: ["COLUMNS": "20"])
        #expect(outcome.status == 0, "\(outcome)")
        #expect(!outcome.stdout.contains("…"), "\(outcome.stdout)")
        if ["list", "list --by-location", "show organic", "list --format text", "list --json"].contains(view) {
            #expect(outcome.stdout.contains(TerminalFixture.longName), "\(outcome.stdout)")
        }
    }

    @Test func colourEscapesTakeNoCells() throws {
        let shop = try fixture()
        defer { shop.remove() }
        for view in TerminalLayoutEndToEndTests.views where !view.contains("--format") {
            let arguments = view.split(separator: " ").map(String.init) + ["--color", "always"]
            let coloured = try shop.runInTerminal(arguments, columns: 40, environment: ["COLORTERM": "truecolor"])
            #expect(coloured.stdout.contains("\u{1b}[38;2;"), "\(view)")
            #expect(widest(coloured.stdout) <= 40, "\(view)\n\(coloured.stdout)")
            // The swatch takes two cells: the names get two fewer than without colour, no more.
            let plain = try shop.runInTerminal(
                view.split(separator: " ").map(String.init) + ["--color", "never"], columns: 40)
            #expect(widest(plain.stdout) <= 40)
        }
        let list = try shop.runInTerminal(["list", "--color", "always"], columns: 40)
        let stripped = list.stdout.replacing(#/\x1b\[[0-9;]*m/#, with: "")
        // Struck through instead of "(unavailable)": the names keep the room the words would take.
        #expect(stripped.hasPrefix("● Crème fraîc…         Dairy\n"), "\(stripped)")
        #expect(stripped.contains("\n● Milk ×2 ★      2.50  Dairy\n"), "\(stripped)")
    }

    @Test func aTerminalWithoutASizeUsesColumnsThenEighty() throws {
        let shop = try fixture()
        defer { shop.remove() }
        let fromColumns = try shop.runInTerminal(
            ["list", "--color", "never"], columns: 0, environment: ["COLUMNS": "50"])
        #expect(widest(fromColumns.stdout) == 50, "\(fromColumns.stdout)")
        let fallback = try shop.runInTerminal(["list", "--color", "never"], columns: 0)
        #expect(widest(fallback.stdout) == 80, "\(fallback.stdout)")
        // The terminal's own size wins over COLUMNS.
        let sized = try shop.runInTerminal(["list", "--color", "never"], columns: 40, environment: ["COLUMNS": "120"])
        #expect(widest(sized.stdout) <= 40)
    }

    @Test func theEntryPointTakesTheWidth() {
        func run(_ columns: Int?, terminal: Bool, environment: [String: String] = [:]) -> Int {
            let result = ShopCommandLine.run(
                arguments: ["demo", "--color", "never"], environment: environment, stdoutIsTerminal: terminal,
                terminalColumns: columns)
            return widest(result.output)
        }
        #expect(run(30, terminal: true) <= 30)
        #expect(run(nil, terminal: true, environment: ["COLUMNS": "25"]) <= 25)
        #expect(run(nil, terminal: true, environment: ["COLUMNS": "wide"]) <= 80)
        #expect(run(20, terminal: false) > 20, "not a terminal: never cut")
        #expect(TerminalSize.columns(measured: nil, environment: ["COLUMNS": "0"]) == 80)
        #expect(TerminalSize.columns(measured: 132, environment: ["COLUMNS": "60"]) == 132)
    }

    @Test func helpWrapsToANarrowTerminal() {
        for path in [[]] + CommandTable.allPaths {
            for columns in [24, 40] {
                let help = ShopCommandLine.run(
                    arguments: path + ["--help"], environment: [:], stdoutIsTerminal: true, terminalColumns: columns)
                #expect(help.exitCode == 0 && widest(help.output) <= columns, "\(path) at \(columns)\n\(help.output)")
            }
            // From 80 columns on, and in pipes, help is the same everywhere.
            let wide = ShopCommandLine.run(
                arguments: path + ["--help"], environment: [:], stdoutIsTerminal: true, terminalColumns: 132)
            #expect(wide.output == HelpRenderer.help(for: path) + "\n")
            #expect(ShopCommandLine.run(arguments: path + ["--help"], environment: [:]).output == wide.output)
        }
    }

    @Test("very narrow terminals still never overflow", arguments: [1, 5, 12, 20, 28])
    func veryNarrow(columns: Int) throws {
        let shop = try fixture()
        defer { shop.remove() }
        for view in TerminalLayoutEndToEndTests.views {
            let outcome = try shop.runInTerminal(view.split(separator: " ").map(String.init), columns: columns)
            #expect(outcome.status == 0)
            #expect(widest(outcome.stdout) <= columns, "\(view) at \(columns)\n\(outcome.stdout)")
        }
    }
}
