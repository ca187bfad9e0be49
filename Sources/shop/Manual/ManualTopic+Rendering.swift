extension ManualTopic {
    /// The page in roff for `man` (`shop man sharing`), rendering with `groff -man -ww` without a warning.
    func roff(version: String) -> String {
        var page = RoffWriter()
        page.request(".TH \(pageName.uppercased()) \(section) \"\" \"shop \(version)\" \"shop manual\"")
        // As shop(1): ragged right and no hyphenation, so paths and option names stay whole.
        page.request(".ad l")
        page.request(".nh")
        page.section("NAME")
        page.request(RoffWriter.escape(pageName, code: true) + " \\- " + RoffWriter.escape(summary, code: false))
        // Prose before the first heading is the description, as a man page names it.
        if let opening = document.blocks.first, !opening.isHeading { page.section("DESCRIPTION") }
        // Whether the next paragraph opens its section (no `.PP` needed).
        var first = true
        for block in document.blocks {
            switch block {
            case .heading(let level, let text):
                if level <= 2 {
                    page.section(RoffWriter.escape(text.uppercased(), code: false))
                } else {
                    page.subsection(text)
                }
                first = true
                continue
            case .paragraph(let prose):
                if !first { page.request(".PP") }
                page.request(RoffWriter.line(Self.roffInline(prose)))
            case .bullets(let items):
                for item in items {
                    page.request(item.level == 1 ? ".IP \\(bu 2" : ".IP \\(en 4")
                    page.request(RoffWriter.line(Self.roffInline(item.text)))
                }
                page.request(".PP")
                first = true
                continue
            case .literal(_, let lines):
                page.literal(lines)
            case .table(let header, let rows):
                if !first { page.request(".PP") }
                for row in rows {
                    page.tagged(Self.roffInline(row.first ?? ""), Self.roffInline(Self.rowBody(row, header: header)))
                }
            }
            first = false
        }
        page.section("SEE ALSO")
        let others = Self.all.filter { $0.name != name }.map { "\\fB\($0.pageName)\\fR(\($0.section))" }
        page.request((["\\fBshop\\fR(1)"] + others).joined(separator: ", "))
        return page.text
    }

    /// `prose` in roff: code in bold, strong in bold, the rest escaped as prose.
    static func roffInline(_ prose: String) -> String {
        ManualDocument.spans(prose).map { span in
            switch span {
            case .text(let text): RoffWriter.escape(text, code: false)
            case .code(let code): "\\fB" + RoffWriter.escape(code, code: true) + "\\fR"
            case .strong(let text): "\\fB" + RoffWriter.escape(text, code: false) + "\\fR"
            case .emphasis(let text): "\\fI" + RoffWriter.escape(text, code: false) + "\\fR"
            }
        }.joined()
    }

    /// The page for a terminal (`shop help sharing`), laid out as `man` lays out a page: headings at the left,
    /// prose wrapped to `width` under a 7-space indent, examples as written (a terminal cuts what is wider).
    func text(width: Int = HelpRenderer.width) -> String {
        let indent = 7
        var out = [
            "\(pageName.uppercased())(\(section))", "", "NAME",
            HelpRenderer.wrap(
                "\(pageName) - \(summary)", indent: indent, width: width),
        ]
        for block in document.blocks {
            switch block {
            case .heading(let level, let text):
                out += ["", level <= 2 ? text.uppercased() : "   " + text]
            case .paragraph(let prose):
                out += ["", HelpRenderer.wrap(Self.plain(prose), indent: indent, width: width)]
            case .bullets(let items):
                out.append("")
                for item in items {
                    let lead = indent + 2 * item.level
                    let wrapped = HelpRenderer.wrap(Self.plain(item.text), indent: lead, width: width)
                    out.append(String(repeating: " ", count: lead - 2) + "- " + wrapped.dropFirst(lead))
                }
            case .literal(_, let lines):
                out.append("")
                out += lines.map { $0.isEmpty ? "" : String(repeating: " ", count: indent + 4) + $0 }
            case .table(let header, let rows):
                for row in rows {
                    out += ["", HelpRenderer.wrap(Self.plain(row.first ?? ""), indent: indent, width: width)]
                    out.append(
                        HelpRenderer.wrap(
                            Self.plain(Self.rowBody(row, header: header)), indent: indent + 4, width: width))
                }
            }
        }
        let others = Self.all.filter { $0.name != name }.map(\.name)
        out += [
            "", "SEE ALSO",
            HelpRenderer.wrap(
                "shop help COMMAND, and the other topics: " + others.joined(separator: ", "), indent: indent,
                width: width),
        ]
        return out.joined(separator: "\n")
    }

    /// A table row's cells after the first, as prose: the cell alone in a table of two columns, else each cell
    /// after its column's name (`the item: off the list. the history: one purchase.`).
    static func rowBody(_ row: [String], header: [String]) -> String {
        let cells = row.dropFirst()
        guard cells.count > 1 else { return cells.first ?? "" }
        return zip(header.dropFirst(), cells).map { name, cell in
            "**\(name):** " + cell + (cell.hasSuffix(".") ? "" : ".")
        }.joined(separator: " ")
    }

    /// `prose` without its inline marks, for the terminal.
    static func plain(_ prose: String) -> String {
        ManualDocument.spans(prose).map { span in
            switch span {
            case .text(let text), .code(let text), .strong(let text), .emphasis(let text): text
            }
        }.joined()
    }
}
