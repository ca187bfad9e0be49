import Foundation
import Testing

@testable import shop

/// `shop man`: the page is derived from the command table, so these tests walk the table: a command or
/// option added to it and missing from the page fails here.
@Suite("Manual page")
struct ManPageTests {
    static let page = ManPage.render(version: ShopCommandLine.version)

    /// The page's lines from `.SS "title"` up to the next `.SS` or `.SH`.
    private func subsection(_ title: String) -> [String] {
        let lines = Self.page.split(separator: "\n").map(String.init)
        guard let start = lines.firstIndex(of: ".SS \"\(title)\"") else { return [] }
        return Array(lines[(start + 1)...].prefix { !$0.hasPrefix(".SS") && !$0.hasPrefix(".SH") })
    }

    /// How an option's long name is written in the page.
    private func roff(_ flag: String) -> String {
        "\\fB" + flag.replacing("-", with: "\\-") + "\\fR"
    }

    @Test(
        "every visible command of the table has its entry, with every argument, option and subcommand",
        arguments: CommandTable.allPaths)
    func everyCommandIsDocumented(path: [String]) throws {
        let spec = try #require(CommandTable.command(at: path))
        let hidden = path.indices.contains { CommandTable.command(at: Array(path[...$0]))?.isHidden ?? true }
        let section = subsection((["shop"] + path).joined(separator: " ").replacing("-", with: "\\-"))
        #expect(section.isEmpty == hidden, "\(path): hidden commands are left out, the others are in")
        // A visible command's entry has everything its help has.
        if !hidden {
            let text = section.joined(separator: "\n")
            #expect(text.contains(RoffWriter.escape(spec.abstract, code: false)))
            for argument in spec.arguments {
                #expect(
                    text.contains("\\fI" + argument.name.dropFirst().dropLast() + "\\fR"), "\(path) \(argument.name)")
                #expect(text.contains(RoffWriter.escape(argument.fullHelp, code: false)))
            }
            for option in spec.visibleOptions {
                #expect(text.contains(roff(option.longFlag)), "\(path) \(option.longFlag)")
                #expect(text.contains(RoffWriter.escape(option.fullHelp, code: false)), "\(path) \(option.longFlag)")
            }
            for sub in spec.visibleSubcommands {
                #expect(text.contains("\\fB\(sub.name)\\fR"), "\(path) \(sub.name)")
            }
        }
    }

    @Test func sectionsGlobalOptionsExitCodesEnvironmentAndFiles() {
        let headings = Self.page.split(separator: "\n").filter { $0.hasPrefix(".SH ") }
        #expect(
            headings == [
                ".SH NAME", ".SH SYNOPSIS", ".SH DESCRIPTION", ".SH COMMANDS", ".SH AMOUNTS", ".SH OPTIONS",
                ".SH EXIT STATUS",
                ".SH ENVIRONMENT", ".SH FILES", ".SH EXAMPLES", ".SH SEE ALSO",
            ])
        #expect(Self.page.hasPrefix(".TH SHOP 1 \"\" \"shop \(ShopCommandLine.version)\" \"User Commands\"\n"))
        for option in CommandTable.root.visibleOptions { #expect(Self.page.contains(roff(option.longFlag))) }
        for code in [0, 1, 64, 65, 74, 75] { #expect(Self.page.contains(".TP\n\\fB\(code)\\fR\n")) }
        for name in ["SHOP_FILE", "SHOP_STORE", "XDG_DATA_HOME", "NO_COLOR", "COLUMNS", "SHOP_LOCK_TIMEOUT"] {
            #expect(Self.page.contains(".TP\n\\fB\(name)\\fR\n"), "\(name)")
        }
        for file in ["shop.json.lock", "shop.json.undo/", "~/.local/share/shop/shop.json"] {
            #expect(Self.page.contains(RoffWriter.escape(file, code: true)))
        }
    }

    @Test func theSourceIsSafeRoff() {
        let requests: Set<String> = [".TH", ".SH", ".SS", ".PP", ".TP", ".RS", ".RE", ".nf", ".fi", ".ad", ".nh"]
        for line in Self.page.split(separator: "\n") {
            if line.hasPrefix(".") || line.hasPrefix("'") {
                #expect(requests.contains(String(line.prefix { $0 != " " })), "\(line)")
            }
            #expect(line.allSatisfy { $0.isASCII }, "\(line)")
            // Every backslash starts an escape the page means to use.
            let characters = Array(line)
            var index = 0
            while index < characters.count {
                if characters[index] == "\\" {
                    let next = index + 1 < characters.count ? characters[index + 1] : " "
                    #expect("e-f[& (".contains(next) && index + 1 < characters.count, "\(line)")
                    index += 1
                }
                index += 1
            }
        }
    }

    @Test func escaping() {
        #expect(RoffWriter.escape("a\\b", code: false) == "a\\eb")
        #expect(
            RoffWriter.escape("e-mail, --no-price and -q (-1)", code: false)
                == "e-mail, \\-\\-no\\-price and \\-q (\\-1)")
        #expect(RoffWriter.escape("1-9999", code: false) == "1-9999")
        #expect(RoffWriter.escape("café ×2", code: false) == "caf\\[u00E9] \\[u00D7]2")
        #expect(RoffWriter.line(".hidden") == "\\&.hidden")
        #expect(RoffWriter.line("'quoted'") == "\\&'quoted'")
        #expect(RoffWriter.code(["[--order <n>]"]) == "[\\fB\\-\\-order\\fR\\ \\fIn\\fR]")
    }

    @Test func theCommandPrintsThePage() {
        let result = ShopCommandLine.run(
            arguments: ["man"], environment: [:], stdoutIsTerminal: true, terminalColumns: 20)
        #expect(result.exitCode == 0)
        #expect(result.output == Self.page, "roff is never cut to the terminal")
        #expect(HelpRenderer.help(for: []).contains("  man "))
        #expect(CompletionScripts.bash().contains("man"))
        #expect(CompletionScripts.fish().contains("-a man -d"))
    }

    /// groff, when installed (`.ci/run` installs groff-base): `-ww` turns on every warning.
    static let groff: String? = ["/usr/bin/groff", "/usr/local/bin/groff", "/bin/groff"].first {
        FileManager.default.isExecutableFile(atPath: $0)
    }

    /// `roff` rendered by groff with every warning on: its exit status, the text (overstrikes removed) and
    /// what groff wrote to standard error.
    static func groffRender(_ roff: String) throws -> (status: Int32, plain: String, warnings: String) {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: try #require(Self.groff))
        process.arguments = ["-man", "-ww", "-Tutf8"]
        let input = Pipe()
        let output = Pipe()
        let errors = FileManager.default.temporaryDirectory.appendingPathComponent("groff-\(UUID().uuidString)")
        _ = FileManager.default.createFile(atPath: errors.path, contents: nil)
        defer { try? FileManager.default.removeItem(at: errors) }
        let errorHandle = try FileHandle(forWritingTo: errors)
        process.standardInput = input
        process.standardOutput = output
        process.standardError = errorHandle
        try process.run()
        try errorHandle.close()
        input.fileHandleForWriting.write(Data(roff.utf8))
        try input.fileHandleForWriting.close()
        let rendered = String(decoding: output.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        process.waitUntilExit()
        let warnings = String(decoding: try Data(contentsOf: errors), as: UTF8.self)
        // Bold and italic come out as overstrikes; without them the text reads as written.
        var plain = ""
        for character in rendered {
            if character == "\u{8}" { plain.removeLast() } else { plain.append(character) }
        }
        return (process.terminationStatus, plain, warnings)
    }

    @Test(.enabled(if: groff != nil, "groff is not installed"))
    func rendersWithoutAWarning() throws {
        let (status, plain, warnings) = try Self.groffRender(Self.page)
        #expect(status == 0)
        #expect(warnings.isEmpty, "\(warnings)")
        for (path, _) in ManPage.documentedCommands() {
            #expect(plain.contains("   " + (["shop"] + path).joined(separator: " ") + "\n"), "\(path)")
        }
        #expect(plain.contains("--quantity amount"))
    }
}
