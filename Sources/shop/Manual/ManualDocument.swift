/// A manual topic's text, read from the small part of Markdown its pages are written in: `#` headings,
/// paragraphs, `- ` lists, fenced blocks (```` ```console ````, whose `$ ` lines the tests run) and tables,
/// which become a list of rows, each under its first cell (a man page has no room for wide columns). Inline, only `` `code` ``, `**strong**` and `*emphasis*` mean something.
///
/// The same page is the source of the terminal's `shop help TOPIC` and the roff of `shop man TOPIC`, so the
/// two never say different things.
struct ManualDocument: Sendable, Equatable {
    /// One block of a page.
    enum Block: Sendable, Equatable {
        /// `## Title` (level 2) or `### Title` (level 3); the page's own `#` title is ``ManualDocument/title``.
        case heading(level: Int, text: String)
        /// Lines of prose joined by spaces.
        case paragraph(String)
        /// A `- ` list, each item's lines joined by spaces; an item indented under another is at level 2.
        case bullets([Bullet])
        /// Lines shown as written: a fenced block and its info word, such as `console`.
        case literal(kind: String, lines: [String])
        /// A table: its header's cells and each row's cells (`\\|` in a cell is a `|`).
        case table(header: [String], rows: [[String]])

        /// Whether the block is a heading.
        var isHeading: Bool {
            if case .heading = self { return true }
            return false
        }
    }

    /// An item of a list.
    struct Bullet: Sendable, Equatable {
        /// 1 for `- `, 2 for an item indented under another.
        var level: Int
        var text: String
    }

    /// The page's `#` line: `shop-sharing(7): one list for a household, through git`.
    var title: String
    var blocks: [Block]

    /// Reads a page. Lines before the `#` title are ignored; a fence left open runs to the end.
    init(_ text: String) {
        title = ""
        blocks = []
        var paragraph: [Substring] = []
        var bullets: [Bullet] = []
        var fence: (kind: String, lines: [String])?
        var table: [String] = []

        func flush() {
            if !paragraph.isEmpty { blocks.append(.paragraph(paragraph.joined(separator: " "))) }
            if !bullets.isEmpty { blocks.append(.bullets(bullets)) }
            if !table.isEmpty { blocks.append(Self.table(table)) }
            paragraph = []
            bullets = []
            table = []
        }

        for line in text.split(separator: "\n", omittingEmptySubsequences: false) {
            if var open = fence {
                if line == "```" {
                    blocks.append(.literal(kind: open.kind, lines: open.lines))
                    fence = nil
                } else {
                    open.lines.append(String(line))
                    fence = open
                }
                continue
            }
            let trimmed = line.drop { $0 == " " }
            if line.hasPrefix("```") {
                flush()
                fence = (String(line.dropFirst(3)), [])
            } else if trimmed.isEmpty {
                flush()
            } else if line.hasPrefix("# ") && title.isEmpty {
                title = String(line.dropFirst(2))
            } else if line.hasPrefix("#") {
                flush()
                let level = line.prefix { $0 == "#" }.count
                blocks.append(.heading(level: level, text: String(line.dropFirst(level).drop { $0 == " " })))
            } else if line.hasPrefix("|") {
                if !paragraph.isEmpty || !bullets.isEmpty { flush() }
                table.append(String(line))
            } else if line.hasPrefix("- ") || (!bullets.isEmpty && trimmed.hasPrefix("- ")) {
                if !paragraph.isEmpty || !table.isEmpty { flush() }
                bullets.append(Bullet(level: line.hasPrefix("- ") ? 1 : 2, text: String(trimmed.dropFirst(2))))
            } else if !bullets.isEmpty && line.hasPrefix("  ") {
                bullets[bullets.count - 1].text += " " + trimmed
            } else {
                if !bullets.isEmpty || !table.isEmpty { flush() }
                paragraph.append(trimmed)
            }
        }
        flush()
        if let open = fence { blocks.append(.literal(kind: open.kind, lines: open.lines)) }
    }

    /// The table of `lines` (`| a | b |`): the first is the header; a `|---|` line is left out.
    private static func table(_ lines: [String]) -> Block {
        func trimmed(_ text: String) -> String {
            String(text.drop { $0 == " " }.reversed().drop { $0 == " " }.reversed())
        }
        // The cells between unescaped bars: `| a \| b | c |` is `a | b` and `c`.
        func cells(_ line: String) -> [String] {
            var cells: [String] = []
            var cell = ""
            var rest = Substring(line.dropFirst())
            while let character = rest.popFirst() {
                if character == "\\" && rest.first == "|" {
                    cell.append(rest.removeFirst())
                } else if character == "|" {
                    cells.append(trimmed(cell))
                    cell = ""
                } else {
                    cell.append(character)
                }
            }
            if !trimmed(cell).isEmpty { cells.append(trimmed(cell)) }
            return cells
        }
        let rows = lines.filter { !$0.hasPrefix("|-") && !$0.hasPrefix("|:") }.map(cells)
        return .table(header: rows.first ?? [], rows: Array(rows.dropFirst()))
    }

    /// Pieces of a line of prose: plain text, `` `code` ``, `**strong**` and `*emphasis*` (a title, such as a
    /// section named in another page). An unpaired marker is text.
    enum Span: Sendable, Equatable {
        case text(String)
        case code(String)
        case strong(String)
        case emphasis(String)
    }

    /// `prose` cut into its spans.
    static func spans(_ prose: String) -> [Span] {
        var spans: [Span] = []
        var rest = Substring(prose)
        var text = ""
        while let character = rest.first {
            if character == "`", let end = rest.dropFirst().firstIndex(of: "`") {
                if !text.isEmpty { spans.append(.text(text)) }
                text = ""
                spans.append(.code(String(rest[rest.index(after: rest.startIndex)..<end])))
                rest = rest[rest.index(after: end)...]
            } else if rest.hasPrefix("**"), let end = rest.dropFirst(2).firstRange(of: "**") {
                if !text.isEmpty { spans.append(.text(text)) }
                text = ""
                spans.append(.strong(String(rest[rest.index(rest.startIndex, offsetBy: 2)..<end.lowerBound])))
                rest = rest[end.upperBound...]
            } else if character == "*", rest.dropFirst().first.map({ $0 != " " && $0 != "*" }) == true,
                let end = rest.dropFirst().firstIndex(of: "*"), rest[rest.index(before: end)] != " "
            {
                if !text.isEmpty { spans.append(.text(text)) }
                text = ""
                spans.append(.emphasis(String(rest[rest.index(after: rest.startIndex)..<end])))
                rest = rest[rest.index(after: end)...]
            } else {
                text.append(character)
                rest = rest.dropFirst()
            }
        }
        if !text.isEmpty { spans.append(.text(text)) }
        return spans
    }
}
