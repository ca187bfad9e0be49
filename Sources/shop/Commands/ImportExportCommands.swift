import ShopKit

/// `shop import PATH... [--replace]`: merges a `shop export` or ShoppingList14 files into the data file.
enum ImportCommand {
    static func run(_ context: inout CommandContext) throws(CommandFailure) {
        let paths = context.invocation.positionals
        let replacing = context.invocation.flag("replace")
        let store = try attempt { try context.store() }
        let batch = try attempt { try ImportReader.read(paths) }
        let summary = try attempt {
            try store.update(loadingLog: true) { (list: inout ShoppingList) throws(ShopError) in
                list.merge(batch, replacing: replacing)
            }
        }
        var parts = [describe(summary.items, "item"), describe(summary.locations, "location")]
        if summary.stores.total > 0 { parts.append(describe(summary.stores, "store")) }
        // Trimming changed names the file holds: said, so a name that looks different is not a surprise.
        let trimmed =
            summary.trimmedNames == 0
            ? "" : "; \(HumanOutput.count(summary.trimmedNames, "name", "names")) trimmed of surrounding spaces"
        context.say("Imported \(andList(parts))" + (replacing ? " (replacing all data)" : "") + trimmed)
        warnAboutMissingLocations(summary, batch, &context)
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
        context.say("\(items) went to the Unknown Location: \(their) \(were) not imported (no locations.json was given).")
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

/// `shop export [--format json|shoppinglist14] [-o PATH]`.
enum ExportCommand {
    static func run(_ context: inout CommandContext) throws(CommandFailure) {
        let format = context.invocation.string("format") ?? "json"
        let output = context.invocation.string("output")
        // The json export carries the purchase log; ShoppingList14 has none.
        let list = try context.readData(withPurchaseLog: format == "json")
        if format == "shoppinglist14" {
            guard let folder = output else {
                // The command line's shape is wrong (an option is missing): a usage error, with the usage line.
                throw .usage(
                    UsageError(
                        message: "'--format shoppinglist14' writes two files: name a folder with '-o <path>'",
                        commandPath: context.invocation.commandPath))
            }
            try attempt { try ShoppingList14Format.write(list, toFolder: folder) }
            context.say(
                "Exported \(list.itemCount) items and \(list.locations.count - 1) locations to \(Escape.forTerminal(folder))"
            )
            // That app knows whole counts only (SPEC section 11.1): say what was rounded.
            let rounded = list.items.filter { !$0.amount.wholeCountForExport.isExact }.count
            if rounded > 0 {
                context.say(
                    "Note: \(HumanOutput.count(rounded, "amount", "amounts")) written as whole counts "
                        + "(counts rounded up, 1 for anything with a unit): ShoppingList14 has no units")
            }
            return
        }
        let bytes = DataFileStore.encode(list)
        if let path = output {
            try attempt { try ExportFile.write(bytes, to: path) }
            context.say("Exported \(exportedCounts(list)) to \(Escape.forTerminal(path))")
        } else {
            context.output += String(decoding: bytes, as: UTF8.self)
        }
    }
}

/// `147 items and 23 locations`, with `, 3 stores` before the `and` when the list has stores.
func exportedCounts(_ list: ShoppingList) -> String {
    var parts = ["\(list.itemCount) items", "\(list.locations.count - 1) locations"]
    let stores = list.stores.count
    if stores > 0 { parts.append("\(stores) store\(stores == 1 ? "" : "s")") }
    return andList(parts)
}

/// `a and b`, `a, b and c`.
func andList(_ parts: [String]) -> String {
    guard parts.count > 1 else { return parts.first ?? "" }
    return parts.dropLast().joined(separator: ", ") + " and " + parts.last!
}
