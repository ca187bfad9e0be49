import ShopKit
import Testing

@testable import shop

@Suite struct OutputTerminalStyleTests {
    let terminal = ["TERM": "xterm-256color"]

    @Test func autoColoursOnlyOnATerminal() {
        #expect(TerminalStyle.detect(choice: .auto, isTerminal: true, environment: terminal).depth == .ansi256)
        #expect(TerminalStyle.detect(choice: .auto, isTerminal: false, environment: terminal) == .plain)
    }

    @Test func noColorDisablesAutoUnlessEmpty() {
        var environment = terminal
        environment["NO_COLOR"] = "1"
        #expect(TerminalStyle.detect(choice: .auto, isTerminal: true, environment: environment) == .plain)
        environment["NO_COLOR"] = ""
        #expect(TerminalStyle.detect(choice: .auto, isTerminal: true, environment: environment).usesColor)
    }

    @Test func dumbTerminalGetsNoColour() {
        #expect(TerminalStyle.detect(choice: .auto, isTerminal: true, environment: ["TERM": "dumb"]) == .plain)
    }

    @Test func alwaysAndNeverOverrideEverything() {
        let hostile = ["TERM": "dumb", "NO_COLOR": "1"]
        #expect(TerminalStyle.detect(choice: .always, isTerminal: false, environment: hostile).depth == .ansi256)
        #expect(TerminalStyle.detect(choice: .never, isTerminal: true, environment: terminal) == .plain)
    }

    @Test(arguments: ["truecolor", "24bit", "TrueColor"])
    func colortermSelectsTruecolor(value: String) {
        let environment = ["TERM": "xterm", "COLORTERM": value]
        #expect(TerminalStyle.detect(choice: .auto, isTerminal: true, environment: environment).depth == .truecolor)
    }

    @Test func otherColortermStaysAt256() {
        let environment = ["TERM": "xterm", "COLORTERM": "yes"]
        #expect(TerminalStyle.detect(choice: .always, isTerminal: true, environment: environment).depth == .ansi256)
    }

    @Test func choiceParsesTheCommandLineWords() {
        #expect(ColorChoice.allCases.map(\.rawValue) == ["auto", "always", "never"])
    }

    @Test func swatchAtEachDepth() {
        let green = RGBA(red: 0x43, green: 0xa0, blue: 0x47)
        #expect(TerminalStyle.truecolor.swatch(green) == "\u{1b}[38;2;67;160;71m●\u{1b}[0m ")
        #expect(TerminalStyle.ansi256.swatch(green) == "\u{1b}[38;5;71m●\u{1b}[0m ")
        #expect(TerminalStyle.plain.swatch(green) == "")
    }

    @Test func palette256PicksCubeAndGreys() {
        #expect(Palette256.nearestIndex(red: 0, green: 0, blue: 0) == 16)
        #expect(Palette256.nearestIndex(red: 255, green: 255, blue: 255) == 231)
        #expect(Palette256.nearestIndex(red: 255, green: 0, blue: 0) == 196)
        #expect(Palette256.nearestIndex(red: 0x9e, green: 0x9e, blue: 0x9e) == 247)  // grey ramp 158
        #expect(Palette256.nearestIndex(red: 128, green: 128, blue: 128) == 244)
        #expect(Palette256.nearestIndex(red: 0x1e, green: 0x88, blue: 0xe5) == 32)
    }

    @Test func plainStyleAddsNothing() {
        #expect(TerminalStyle.plain.dim("x") == "x")
        #expect(TerminalStyle.plain.strike("x") == "x")
        #expect(TerminalStyle.ansi256.strike("x") == "\u{1b}[9mx\u{1b}[0m")
    }
}
