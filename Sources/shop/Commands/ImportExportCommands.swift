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
        context.say("Imported \(andList(parts))" + (replacing ? " (replacing all data)" : ""))
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
        // The json export carries the purchase log (SPEC section 10); ShoppingList14 has none.
        let list = try attempt { format == "json" ? try context.store().loadWithPurchaseLog() : try context.load() }
        if format == "shoppinglist14" {
            guard let folder = output else {
                throw .report(ErrorReport(
                    message: "--format shoppinglist14 writes two files: name a folder with -o <path>",
                    exitCode: ErrorReport.ExitCode.usage))
            }
            try attempt { try ShoppingList14Format.write(list, toFolder: folder) }
            context.say("Exported \(list.itemCount) items and \(list.locations.count - 1) locations to \(Escape.forTerminal(folder))")
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
