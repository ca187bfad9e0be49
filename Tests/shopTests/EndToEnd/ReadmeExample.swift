import Testing

/// The examples of the README and of the manual's topic pages, as the README test runs them: every
/// ```` ```console ```` block, cut into its command lines and the output shown after each.
///
/// A command line starts with a prompt: `$ ` for the device you use, or `NAME$ ` (`laptop$ `, `phone$ `)
/// for one device of several sharing a list. The lines after it, up to the next prompt, are what it prints
/// (standard error and standard output, as a terminal shows them); blank lines at the end of that output
/// only separate it from the next prompt.
struct ReadmeBlock: Sendable, CustomTestStringConvertible {
    /// One command line and what the README shows after it.
    struct Step: Sendable {
        /// The device the prompt names (`laptop` in `laptop$ `), `nil` for `$ `.
        var device: String?
        /// The command line after the prompt, run by bash as it stands.
        var command: String
        /// The README line of the command (1-based).
        var line: Int
        /// The output shown, with their README line numbers.
        var shown: [(line: Int, text: String)]

        /// The prompt as the README writes it.
        var prompt: String { (device ?? "") + "$ " }

        /// The exit status the line must end with: 0, or 1 when it shows an `Error:` line; a line that shows
        /// another status prints it itself (`...; echo "exit $?"`), and then the shell's status is the echo's.
        var expectedStatus: Int32 {
            let texts = shown.map(\.text)
            if texts.contains(where: { $0.wholeMatch(of: #/exit \d+/#) != nil }) { return 0 }
            return texts.contains { $0.hasPrefix("Error:") } ? 1 : 0
        }
    }

    /// The file the block is in, from the repository's root (`README.md`, `Sources/shop/Manual/Pages/...`).
    var file: String = "README.md"
    /// The line of the opening fence.
    var line: Int
    /// The heading of the section the block is in.
    var heading: String
    var steps: [Step]
    /// Text before the first prompt, which would be shown as output of no command (a mistake in the README).
    var strayLines: [Int] = []

    /// Whether the block has devices of a household (`laptop$`, `phone$`): such blocks share their devices
    /// and remote with the other multi-device blocks of their file, in order.
    var isMultiDevice: Bool { steps.contains { $0.device != nil } }

    var testDescription: String { "\(fileName):\(line) (\(heading))" }

    /// The file's name without its folders, as failures name it.
    var fileName: String { file.split(separator: "/").last.map(String.init) ?? file }

    /// The `console` blocks of `text`, the file at `file`, in order.
    static func blocks(in text: String, file: String = "README.md") -> [ReadmeBlock] {
        var blocks: [ReadmeBlock] = []
        var heading = ""
        var current: ReadmeBlock?
        // Inside a block of another kind (`sh`, `cron`): its `# comments` are no headings.
        var inOtherBlock = false
        for (index, line) in text.split(separator: "\n", omittingEmptySubsequences: false).enumerated() {
            let number = index + 1
            guard var block = current else {
                if line == "```console" && !inOtherBlock {
                    current = ReadmeBlock(file: file, line: number, heading: heading, steps: [])
                } else if line.hasPrefix("```") {
                    inOtherBlock.toggle()
                } else if line.hasPrefix("#") && !inOtherBlock {
                    heading = line.drop { $0 == "#" || $0 == " " }.description
                }
                continue
            }
            if line == "```" {
                blocks.append(block.trimmingSeparators())
                current = nil
                continue
            }
            if let prompt = line.firstMatch(of: #/^(?<device>[a-z][a-z0-9-]*)?\$ /#) {
                block.steps.append(
                    Step(
                        device: prompt.device.map(String.init), command: String(line[prompt.range.upperBound...]),
                        line: number, shown: []))
            } else if block.steps.isEmpty {
                block.strayLines.append(number)
            } else {
                block.steps[block.steps.count - 1].shown.append((number, String(line)))
            }
            current = block
        }
        return blocks
    }

    /// The block without the blank lines that end each command's shown output.
    private func trimmingSeparators() -> ReadmeBlock {
        var block = self
        for index in block.steps.indices {
            while block.steps[index].shown.last?.text.allSatisfy(\.isWhitespace) == true {
                block.steps[index].shown.removeLast()
            }
        }
        return block
    }
}
