import Foundation
import ShopKit
import Testing

@testable import shop

@Suite("Argument parser")
struct ArgumentParserTests {
    @Test("-q before the command is --quiet")
    func shortQuietBeforeCommand() throws {
        let parsed = try #require(invocation(["-q", "add", "eggs"]))
        #expect(parsed.commandPath == ["add"])
        #expect(parsed.positionals == ["eggs"])
        #expect(parsed.global.quiet)
        #expect(!parsed.options.contains(CommonOptions.quantity))
    }

    @Test("-q after the command is the command's own --quantity")
    func shortQuantityAfterCommand() throws {
        let parsed = try #require(invocation(["buy", "eggs", "-q", "12"]))
        #expect((try parsed.options[ReceiptOptions.quantityBought]?.get()) == 12)
        let add = try #require(invocation(["add", "eggs", "-q", "500g"]))
        #expect((try add.options[CommonOptions.quantity]?.get())?.description == "500 g")
        #expect(!parsed.global.quiet)
    }

    @Test("global options are accepted after the command by their long names")
    func globalLongOptionsAfterCommand() throws {
        let parsed = try #require(invocation(["list", "--quiet", "--file", "/tmp/x.json", "--color=never", "--json"]))
        #expect(parsed.global.file == "/tmp/x.json" && parsed.global.store == nil)
        #expect(parsed.global.color == .never && parsed.global.quiet)
        #expect(parsed.options[CommonOptions.json])
    }

    @Test("a global short option after a command that lacks it is unknown, with a hint")
    func globalShortAfterCommand() throws {
        let error = try #require(usageError(["list", "-q"]))
        #expect(error.message == "Unknown option '-q'. Did you mean '--quiet'?")
        #expect(error.commandPath == ["list"])
    }

    @Test("the command's own option wins over a global one of the same long name")
    func ownOptionWins() throws {
        let parsed = try #require(invocation(["--color", "always", "location", "add", "Dairy", "--color", "blue"]))
        #expect(parsed.commandPath == ["location", "add"])
        #expect(parsed.options.words(of: CommonOptions.color.spec) == ["blue"])
        #expect(parsed.global.color == .always)
    }

    @Test("--opt=value, and a value that begins with '-' or is empty")
    func optionValues() throws {
        let parsed = try #require(
            invocation(["add", "eggs", "--price=2.49", "--note", "-x", "-l", "--json"]))
        #expect(parsed.options.words(of: CommonOptions.price.spec) == ["2.49"])
        #expect((try parsed.options[CommonOptions.note]?.get()) == "-x")
        #expect(parsed.options[CommonOptions.location] == "--json")
        #expect(!parsed.options[CommonOptions.json])
        #expect(
            usageError(["add", "eggs", "--every="])?.message
                == "Invalid value '' for '--every <days>': expected a number of days or 'auto'")
    }

    @Test("a negative number parses: range checks are the command's job")
    func negativeAndZero() throws {
        #expect(throws: ShopError.self) {
            try invocation(["buy", "eggs", "-q", "0"])?.options[ReceiptOptions.quantityBought]?.get()
        }
        #expect(throws: ShopError.self) {
            try invocation(["buy", "eggs", "-q", "-5"])?.options[ReceiptOptions.quantityBought]?.get()
        }
    }

    @Test("-- makes every later word a positional; a lone - is a positional")
    func endOfOptions() throws {
        let parsed = try #require(invocation(["add", "-q", "2", "--", "-q", "--star", "-"]))
        #expect(parsed.positionals == ["-q", "--star", "-"])
        #expect((try parsed.options[CommonOptions.quantity]?.get()) == Amount(count: 2))
        #expect(!parsed.options[CommonOptions.star])
        #expect(invocation(["buy", "-"])?.positionals == ["-"])
    }

    @Test("options before and after positionals")
    func optionsAroundPositionals() throws {
        let parsed = try #require(invocation(["add", "--star", "milk", "-l", "Dairy", "whole milk", "--json"]))
        #expect(parsed.positionals == ["milk", "whole milk"])
        #expect(parsed.options[CommonOptions.star] && parsed.options[CommonOptions.json])
        #expect(parsed.options[CommonOptions.location] == "Dairy")
    }

    @Test("a repeated option: the last wins, and all are kept")
    func repeatedOption() throws {
        let parsed = try #require(
            invocation(["edit", "eggs", "-q", "2", "--quantity", "3", "--note", "a", "--note=b"]))
        #expect((try parsed.options[CommonOptions.quantity]?.get()) == Amount(count: 3))
        #expect(parsed.options.words(of: CommonOptions.quantity.spec) == ["2", "3"])
        #expect((try parsed.options[CommonOptions.note]?.get()) == "b")
        #expect(parsed.options.words(of: CommonOptions.note.spec) == ["a", "b"])
        #expect(parsed.options[CommonOptions.name] == nil)
    }

    @Test("unknown option, with and without a suggestion")
    func unknownOption() throws {
        #expect(
            usageError(["add", "eggs", "--quantty", "3"])
                == UsageError(message: "Unknown option '--quantty'. Did you mean '--quantity'?", commandPath: ["add"]))
        #expect(
            usageError(["add", "eggs", "--quant"])?.message == "Unknown option '--quant'. Did you mean '--quantity'?")
        #expect(usageError(["add", "eggs", "--zzzzzz"])?.message == "Unknown option '--zzzzzz'")
        #expect(usageError(["--quite", "list"])?.message == "Unknown option '--quite'. Did you mean '--quiet'?")
        #expect(usageError(["--quite", "list"])?.commandPath == [])
    }

    @Test("unknown command and subcommand, with a suggestion")
    func unknownCommand() throws {
        #expect(
            usageError(["ad", "eggs"])
                == UsageError(message: "Unknown command 'ad'. Did you mean 'add'?", commandPath: []))
        #expect(usageError(["purchsed"])?.message == "Unknown command 'purchsed'. Did you mean 'purchased'?")
        #expect(usageError(["frobnicate"])?.message == "Unknown command 'frobnicate'")
        #expect(
            usageError(["location", "remve", "Dairy"])
                == UsageError(message: "Unknown subcommand 'remve'. Did you mean 'remove'?", commandPath: ["location"]))
    }

    @Test("missing argument, too many arguments, missing option value")
    func argumentCounts() throws {
        #expect(
            usageError(["show"]) == UsageError(message: "Missing expected argument '<name>'", commandPath: ["show"]))
        #expect(usageError(["add"])?.message == "Missing expected argument '<name>'")
        #expect(usageError(["location", "add"])?.commandPath == ["location", "add"])
        #expect(usageError(["show", "eggs", "milk"])?.message == "Unexpected argument 'milk'")
        #expect(usageError(["list", "eggs"])?.message == "Unexpected argument 'eggs'")
        #expect(usageError(["add", "eggs", "--note"])?.message == "Missing value for '--note <text>'")
        #expect(usageError(["add", "eggs", "--star=yes"])?.message == "Option '--star' does not take a value")
    }

    @Test("--all stands in for the names of buy and available")
    func allInsteadOfNames() throws {
        #expect(invocation(["buy", "--all"])?.options[CommonOptions.all] == true)
        #expect(invocation(["available", "--all"])?.positionals == [])
        #expect(usageError(["buy"])?.message == "Missing expected argument '<name>'")
    }

    @Test("a word where a number is required")
    func nonInteger() throws {
        #expect(
            usageError(["buy", "eggs", "-q", "twelve"])
                == UsageError(
                    message: "Invalid value 'twelve' for '-q <amount>': expected a number or an amount such as 500g",
                    commandPath: ["buy"]))
        #expect(usageError(["location", "add", "Dairy", "--order=1.2.3"])?.message.contains("'--order <n>'") == true)
        // A number that is not whole is a bad value for the command to refuse (exit 1), not a usage error.
        #expect(invocation(["location", "add", "Dairy", "--order=1.5"]) != nil)
        #expect(usageError(["purchased", "--recent", "x"])?.commandPath == ["purchased"])
    }

    @Test("a value outside a choice list names the allowed values")
    func badChoice() throws {
        #expect(
            usageError(["list", "--format", "xml"])?.message
                == "Invalid value 'xml' for '--format <format>': expected 'text', 'markdown' or 'csv'")
        #expect(usageError(["--color", "sometimes", "list"])?.message.contains("'auto', 'always' or 'never'") == true)
        #expect(
            usageError(["completions", "tcsh"])?.message
                == "Invalid value 'tcsh' for '<shell>': expected 'bash', 'zsh' or 'fish'")
        #expect(usageError(["timer", "pause"])?.commandPath == ["timer"])
        #expect(invocation(["timer", "start"])?.positionals == ["start"])
        #expect(
            invocation(["export", "--format", "shoppinglist14", "-o", "out"])?.options[ExportCommand.output] == "out")
    }

    @Test("location needs a subcommand")
    func locationWithoutSubcommand() throws {
        let error = try #require(usageError(["location"]))
        #expect(error.commandPath == ["location"])
        #expect(error.message == "Missing expected subcommand (one of: add, edit, remove, show)")
        #expect(invocation(["location", "show", "Dairy", "--json"])?.commandPath == ["location", "show"])
    }

    @Test("help, version and the overview")
    func helpAndVersion() throws {
        #expect(parsed([]) == .help(commandPath: []))
        #expect(parsed(["--help"]) == .help(commandPath: []))
        #expect(parsed(["-q"]) == .help(commandPath: []))
        #expect(parsed(["--version"]) == .version)
        #expect(parsed(["list", "--version"]) == .version)
        #expect(parsed(["add", "eggs", "-h"]) == .help(commandPath: ["add"]))
        #expect(parsed(["location", "--help"]) == .help(commandPath: ["location"]))
        #expect(parsed(["location", "add", "--help"]) == .help(commandPath: ["location", "add"]))
        #expect(parsed(["--help", "location", "add"]) == .help(commandPath: ["location", "add"]))
        #expect(parsed(["help", "location", "add"]) == .help(commandPath: ["location", "add"]))
        #expect(parsed(["help"]) == .help(commandPath: []))
        // Help wins over an error elsewhere on the line, but a value that happens to read --help is a value.
        #expect(parsed(["add", "--bogus", "--help"]) == .help(commandPath: ["add"]))
        #expect(
            invocation(["add", "eggs", "--note", "--help"])?.options.words(of: CommonOptions.note.spec) == ["--help"])
        #expect(invocation(["add", "--", "--help"])?.positionals == ["--help"])
        #expect(
            usageError(["help", "lst"])?.message
                == "Unknown command or topic 'lst' (topics: \(ManualTopic.all.map(\.name).joined(separator: ", "))). "
                + "Did you mean 'list'?")
        #expect(usageError(["help", "location", "nope"])?.commandPath == ["help"])
    }

    @Test("the hidden __complete command runs")
    func hiddenComplete() throws {
        #expect(invocation(["__complete", "items", "mi"])?.positionals == ["items", "mi"])
    }

    @Test("values are decoded at parse time into their keys' types")
    func typedValues() throws {
        let list = try #require(invocation(["list", "--format", "csv", "--by-location"]))
        #expect(list.options[ListCommand.format] == .csv)
        #expect(list.options[ListCommand.byLocation])
        let spending = try #require(invocation(["spending", "--by", "store", "--since", "2025-02-30"]))
        #expect(spending.options[SpendingCommand.by] == .store)
        guard case .unreadable(let word, let failure)? = spending.options[CommonOptions.since] else {
            Issue.record("--since 2025-02-30 should decode to its problem, reported when the command reads it")
            return
        }
        #expect(word == "2025-02-30" && failure == .invalid)
        let edit = try #require(invocation(["edit", "eggs", "--every", "auto", "--price", "-1"]))
        #expect(edit.options[CommonOptions.every] == .learned)
        #expect(throws: ShopError.invalidPrice("-1")) { try edit.options[CommonOptions.price]?.get() }
        // buy takes any amount (SPEC section 12): 1.5 is one.
        let buy = try #require(invocation(["buy", "eggs", "-q", "1.5"]))
        #expect(
            (try buy.options[ReceiptOptions.quantityBought]?.get())
                == Amount(ExactNumber(numerator: 3, denominator: 2)!, .count))
        #expect(buy.refusal == nil)
    }

    @Test("an option's word is decoded once, by the parser, and the command reads that value (issue 49)")
    func optionWordsAreDecodedOnce() throws {
        let decodes = DecodeCounter()
        let size = OptionKey<Int>(
            spec: OptionSpec(long: "size", valueName: "<n>", kind: .string, help: "A size.")
        ) { word in
            decodes.count()
            return .value(word.count)
        }
        let measure = CommandSpec(name: "measure", abstract: "Measures.", options: [size.spec])
        let root = CommandSpec(name: "tool", abstract: "A tool.", subcommands: [measure])
        let result = try ArgumentParser(root: root).parse(["measure", "--size", "abc"])
        guard case .run(let parsed) = result else { throw DecodeCounter.Unexpected(result: result) }
        #expect(parsed.options[size] == 3)
        #expect(parsed.options[size] == 3)
        #expect(decodes.calls == 1)
    }
}

/// Counts the calls of an option's decoder (which must be `Sendable`).
private final class DecodeCounter: @unchecked Sendable {
    struct Unexpected: Error { let result: ParseResult }
    private let lock = NSLock()
    private var total = 0

    var calls: Int { lock.withLock { total } }

    func count() { lock.withLock { total += 1 } }
}
