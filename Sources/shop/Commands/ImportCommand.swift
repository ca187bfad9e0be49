import ShopKit

/// `shop import PATH... [--replace]`: merges a `shop export` or ShoppingList14 files into the data file.
enum ImportCommand {
    /// `import` (a keyword in Swift, hence the name).
    static let spec = CommandSpec(
        name: "import",
        abstract: "Merge data in from a shop export or ShoppingList14 files.",
        discussion: """
            Items and locations are matched by name: existing ones are updated, not duplicated. Names are \
            trimmed of surrounding spaces, and the summary counts them. A new item with no location goes where \
            its name says, as with add (see shop guess), and the summary counts how many were placed. Items \
            whose location is neither in the import nor in the list go to the Unknown Location, and shop says \
            so; for ShoppingList14's items.json given alone, it shows the command that imports it with its \
            locations.json. ShoppingList14's items go on the list in effect (--list, $SHOP_LIST, else the \
            current list); an export's items keep their lists, matched by name.
            """,
        arguments: [
            ArgumentSpec(
                name: "<path>",
                help: "A 'shop export' file, ShoppingList14 items.json or shoppingItems.json with "
                    + "locations.json, or a folder holding them.",
                isRepeatable: true)
        ],
        options: [replace.spec],
        data: .writes(log: true),
        run: run
    )

    static let replace = OptionKey<Bool>.flag("replace", help: "Replace all data instead of merging.")

    static func run(_ context: inout CommandContext) throws(CommandFailure) {
        let paths = context.invocation.positionals
        let replacing = context.options[Self.replace]
        // Without HOME the data file has no path: that error comes before the files are read, as it always has.
        _ = try attempt { try context.dataFilePath() }
        let batch = try attempt { try ImportReader.read(paths) }
        // New items with no location go where a guess says (SPEC 21), in the same write; ShoppingList14's items go
        // on the list in effect (SPEC 22), an export's keep their own lists.
        let (summary, placed) = try context.updateWorkspace { (workspace: inout Workspace) throws(ShopError) in
            let onto = try context.listInEffect(in: workspace.list).id
            let summary = workspace.list.merge(batch, replacing: replacing, onto: onto, log: &workspace.log)
            return (summary, workspace.list.placeNewItems(summary.newItemsWithoutLocation).count)
        }
        var parts = [describe(summary.items, "item"), describe(summary.locations, "location")]
        if summary.stores.total > 0 { parts.append(describe(summary.stores, "store")) }
        // Trimming changed names the file holds: said, so a name that looks different is not a surprise.
        let trimmed =
            summary.trimmedNames == 0
            ? "" : "; \(HumanOutput.count(summary.trimmedNames, "name", "names")) trimmed of surrounding spaces"
        context.say("Imported \(andList(parts))" + (replacing ? " (replacing all data)" : "") + trimmed)
        sayPlaced(placed, of: summary.newItemsWithoutLocation.count, &context)
        warnAboutMissingLocations(summary, batch, &context)
    }

    /// How many new items without a location a guess placed, and how many stayed in the Unknown Location (SPEC 21):
    /// `3 new items had no location: 2 placed by a guess, 1 in the Unknown Location`; nothing when none was placed
    /// (as a recipe's summary: the Unknown Location is where they went before there was a guess).
    static func sayPlaced(_ placed: Int, of count: Int, _ context: inout CommandContext) {
        guard placed > 0 else { return }
        let rest = count - placed
        let had = count == 1 ? "1 new item had no location" : "\(count) new items had no location"
        var parts = ["\(placed) placed by a guess ('shop show NAME' says why)"]
        if rest > 0 { parts.append("\(rest) in the Unknown Location") }
        context.say("\(had): \(parts.joined(separator: ", "))")
    }

    /// Items whose location was not imported went to the Unknown Location: say so, and when an items file
    /// came without its locations file, show the command that imports both.
    static func warnAboutMissingLocations(
        _ summary: ImportSummary, _ batch: ImportBatch, _ context: inout CommandContext
    ) {
        let count = summary.itemsAtMissingLocations
        guard count > 0 else { return }
        let items = HumanOutput.count(count, "item", "items")
        let (their, are, were) = count == 1 ? ("its location", "is", "was") : ("their locations", "are", "were")
        guard let itemFile = batch.itemFilesWithoutLocations.first else {
            context.say("\(items) went to the Unknown Location: \(their) \(are) neither in the import nor in the list.")
            return
        }
        context.say(
            "\(items) went to the Unknown Location: \(their) \(were) not imported (no locations.json was given).")
        let folder = itemFile.contains("/") ? String(itemFile[...itemFile.lastIndex(of: "/")!]) : ""
        let both = [itemFile, folder + "locations.json"].map(ShellWord.quoted).joined(separator: " ")
        context.say("To import both files: shop import \(both)")
    }

    /// `147 items (120 added, 20 updated, 7 merged duplicates)`.
    static func describe(_ counts: ImportSummary.Counts, _ noun: String) -> String {
        var parts = ["\(counts.added) added"]
        if counts.updated > 0 { parts.append("\(counts.updated) updated") }
        if counts.unchanged > 0 { parts.append("\(counts.unchanged) unchanged") }
        if counts.merged > 0 { parts.append("\(counts.merged) merged duplicate\(counts.merged == 1 ? "" : "s")") }
        return "\(counts.total) \(noun)\(counts.total == 1 ? "" : "s") (\(parts.joined(separator: ", ")))"
    }
}
