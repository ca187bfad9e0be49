import Foundation
import Testing

@testable import shop

/// A data file edited by hand (or by a sync conflict) to hold terminal escape sequences and control
/// characters in names: shop's output never passes them to the terminal raw.
@Suite struct HostileNameTests {
    /// JSON for a name that would retitle the window, clear the screen, move the cursor and colour text.
    static let hostileJSON = #"\u001b]0;owned\u0007x\u009b2J\r\b\u007f\u001b[31mred\u0000\t\n"#

    /// Every raw control character in `text` other than a newline and shop's own SGR sequences
    /// (ESC `[` digits/`;` `m`).
    static func rawControls(in text: String) -> [String] {
        var found: [String] = []
        let scalars = Array(text.unicodeScalars)
        var index = 0
        while index < scalars.count {
            let value = scalars[index].value
            if value == 0x1b {
                var end = index + 1
                if end < scalars.count, scalars[end] == "[" {
                    end += 1
                    while end < scalars.count, "0123456789;".unicodeScalars.contains(scalars[end]) { end += 1 }
                    if end < scalars.count, scalars[end] == "m" {
                        index = end + 1
                        continue
                    }
                }
                found.append("ESC at \(index)")
            } else if (value < 0x20 && value != 0x0a) || (0x7f...0x9f).contains(value) {
                found.append(String(format: "U+%04X at %d", value, index))
            }
            index += 1
        }
        return found
    }

    @Test func hostileNamesNeverReachTheTerminalRaw() throws {
        let sandbox = try InProcessSandbox()
        defer { sandbox.remove() }
        for arguments in [
            ["location", "add", "placeloc", "--order", "2", "--color", "red"],
            ["add", "placeholder", "-l", "placeloc", "--note", "placenote"],
            ["add", "boughtplace"], ["buy", "boughtplace"],
        ] {
            #expect(sandbox.run(arguments).exitCode == 0, "\(arguments)")
        }
        var text = String(decoding: try #require(sandbox.dataBytes()), as: UTF8.self)
        for word in ["placeholder", "placeloc", "placenote", "boughtplace"] {
            text = text.replacingOccurrences(of: "\"\(word)\"", with: "\"\(word)\(Self.hostileJSON)\"")
        }
        try Data(text.utf8).write(to: sandbox.dataFile)
        var checked = 0
        for arguments in [
            ["list"], ["list", "--by-location"], ["list", "--format", "markdown"],
            ["show", "placeholder"], ["show", "boughtplace"], ["locations"], ["location", "show", "placeloc"],
            ["purchased"], ["purchased", "--recent", "3"], ["buy", "placeholder"], ["unbuy", "placeholder"],
            ["add", "placeholder"], ["remove", "boughtplace"], ["undo"], ["redo"], ["show", "nothing-like-it"],
            ["add", "placeholder\u{1b}[2J"],
        ] {
            for color in ["always", "never"] {
                let result = sandbox.run(["--color", color] + arguments)
                #expect([0, 1].contains(result.exitCode), "\(arguments): exit \(result.exitCode)\n\(result.messages)")
                let raw = Self.rawControls(in: result.output + result.messages)
                #expect(
                    raw.isEmpty, "\(arguments) --color \(color) printed raw \(raw):\n\(result.output)\(result.messages)"
                )
                checked += 1
            }
        }
        #expect(checked == 34)
        // Not checked: `list --format csv` and `--json`, data formats for other programs, which carry names
        // exactly (CSV quotes them, JSON escapes them as \u001b).
    }
}
