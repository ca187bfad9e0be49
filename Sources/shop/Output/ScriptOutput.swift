import ShopKit

/// `shop list --format`: colour-free output for scripts, mail and print.
///
/// `--by-location` changes none of them: `text` and `markdown` are grouped by location by definition
/// (SPEC section 3), and `csv` is one row per item in walking order with a `location` column, which is
/// already everything a spreadsheet needs to group.
enum ListFormat: String, CaseIterable, Sendable {
    case text
    case markdown
    case csv

    /// Renders the view in this format.
    /// - Parameter width: the terminal's width, when standard output is one. Only `text`, which is read by
    ///   people, is fitted to it; Markdown and CSV are data for other programs and are never cut.
    func render(_ view: ListView, in list: ShoppingList, width: Int? = nil) -> String {
        switch self {
        case .text: ScriptOutput.text(view, width: width)
        case .markdown: ScriptOutput.markdown(view)
        case .csv: ScriptOutput.csv(view.items) { list.location(of: $0).name }
        }
    }
}

/// The `--format text|markdown|csv` renderers: exact, colour-free and stable, for scripts and cron mail.
///
/// Quantities appear as `(x2)`, in ASCII, and only above 1, in text and markdown alike, so a mail client without good
/// Unicode fonts still shows them. A priced item shows its line total (quantity × price) and an item with a note shows
/// it, so nothing set on an item is lost on paper; the total, when any item has a price, closes text and markdown (CSV
/// has `price` and `note` columns instead: a total row would break it).
enum ScriptOutput {
    /// `--format text`: `Shopping list (N items)`, then per location a blank line, `Dairy (3)` and its
    /// items indented two spaces (`Milk (x2)  6.98`: the line total when priced), unavailable ones marked
    /// `(unavailable)`, a note on its own line below, indented four. Ends with the total.
    /// At a store the header names it (`Shopping list at Market (N items)`) and the locations it lacks
    /// come last, after a `Not at Market:` line.
    /// - Parameter width: the terminal's width when standard output is one: names are cut to fit it
    ///   (quantities stay whole). `nil` (mail, files, pipes) cuts nothing.
    static func text(_ view: ListView, width: Int? = nil) -> String {
        let (items, groups, store) = (view.items, view.groups, view.store)
        func fitted(_ name: String, _ other: Int) -> String {
            let name = Escape.forTerminal(name)
            guard let width else { return name }
            return CellText.truncate(name, to: max(1, width - other))
        }
        let place = store.map { " at " + Escape.forTerminal($0.name) } ?? ""
        var lines = ["Shopping list\(place) (" + HumanOutput.count(items.count, "item", "items") + ")"]
        for (index, group) in groups.enumerated() {
            if let store, startsNotAtStore(groups, index) {
                lines += ["", "Not at " + Escape.forTerminal(store.name) + ":"]
            }
            let count = " (\(group.items.count))"
            lines += ["", fitted(group.location.name, count.utf8.count) + count]
            for item in group.items {
                var suffix = quantitySuffix(item) + (item.isAvailable ? "" : " (unavailable)")
                if let total = item.lineTotal { suffix += "  \(total)" }
                lines.append("  " + fitted(item.name, 2 + suffix.utf8.count) + suffix)
                if let note = item.note { lines.append("    " + Escape.forTerminal(note)) }
            }
        }
        return HumanOutput.joined(lines, width: width)
            + HumanOutput.totalSection(view, width: width)
    }

    /// `--format markdown`: `# Shopping list`, then per location `## Dairy` and `- [ ] Milk (x2)` lines, followed by
    /// ` — 6.98` (the line total) when priced and ` — the note` when there is one; unavailable items struck through
    /// (`- [ ] ~~Milk~~`). Ends with the total. At a store the locations it lacks come last, under `# Not at Market`.
    static func markdown(_ view: ListView) -> String {
        let (items, groups, store) = (view.items, view.groups, view.store)
        var result = "# Shopping list" + (store.map { " at " + markdownText($0.name) } ?? "") + "\n"
        for (index, group) in groups.enumerated() {
            if let store, startsNotAtStore(groups, index) {
                result += "\n# Not at " + markdownText(store.name) + "\n"
            }
            result += "\n## " + markdownText(group.location.name) + "\n\n"
            for item in group.items {
                let text = markdownText(item.name) + quantitySuffix(item)
                result += "- [ ] " + (item.isAvailable ? text : "~~" + text + "~~")
                if let total = item.lineTotal { result += " — \(total)" }
                if let note = item.note { result += " — " + markdownText(note) }
                result += "\n"
            }
        }
        if items.isEmpty { result += "\nNothing on the list.\n" }
        return result + HumanOutput.totalSection(view)
    }

    /// Whether group `index` is the first of those at locations the store lacks.
    private static func startsNotAtStore(_ groups: [LocationGroup], _ index: Int) -> Bool {
        !groups[index].isAtStore && (index == 0 || groups[index - 1].isAtStore)
    }

    /// `--format csv`: RFC 4180, CRLF line ends, header `name,quantity,location,available,price,note`;
    /// `available` is `true`/`false`, `price` the unit price (`2.49`) or empty, `note` empty when none.
    /// Text is written as stored: CSV's quoting carries any character, and escaping would change the data.
    /// - Parameter locationName: the location name of an item (a dictionary lookup, so the whole is O(n)).
    static func csv(_ items: [Item], locationName: (Item) -> String) -> String {
        var result = "name,quantity,location,available,price,note\r\n"
        result.reserveCapacity(64 * (items.count + 1))
        for item in items {
            result += csvField(item.name) + "," + csvField(item.amount.description) + "," + csvField(locationName(item))
            result += item.isAvailable ? ",true," : ",false,"
            result += (item.unitPrice?.description ?? "") + "," + csvField(item.note ?? "") + "\r\n"
        }
        return result
    }

    /// A CSV field, quoted (with quotes doubled) when it holds a comma, a quote, CR or LF.
    static func csvField(_ text: String) -> String {
        let needsQuotes = text.utf8.contains {
            $0 == UInt8(ascii: ",") || $0 == UInt8(ascii: "\"") || $0 == 0x0D || $0 == 0x0A
        }
        guard needsQuotes else { return text }
        var result = "\""
        for character in text.unicodeScalars {
            if character == "\"" { result += "\"\"" } else { result.unicodeScalars.append(character) }
        }
        return result + "\""
    }

    /// ` (x2)` when the quantity is above 1, else nothing.
    static func quantitySuffix(_ item: Item) -> String {
        AmountText.unbracketed(item).map { " (" + $0 + ")" } ?? ""
    }

    /// Text with Markdown's inline punctuation backslash-escaped, so a name such as `*new* [v2]` shows as
    /// written rather than as emphasis or a link, and control characters escaped as on a terminal.
    static func markdownText(_ text: String) -> String {
        let special: Set<Unicode.Scalar> = ["\\", "`", "*", "_", "[", "]", "<", ">", "~", "|", "#"]
        var result = ""
        for scalar in text.unicodeScalars {
            if special.contains(scalar) { result += "\\" }
            result.unicodeScalars.append(scalar)
        }
        return Escape.forTerminal(result)
    }
}
