import ShopKit

/// `shop export [--format json|shoppinglist14] [-o PATH]`.
enum ExportCommand {
    static let spec = CommandSpec(
        name: "export",
        abstract: "Write out the whole data set.",
        options: [format.spec, output.spec],
        data: .reads(log: true),
        run: run
    )

    /// What `--format` writes.
    enum Format: String, CaseIterable, Sendable {
        /// The data file format, purchase log included.
        case json
        /// ShoppingList14's two files.
        case shoppinglist14
    }

    static let format = OptionKey<Format>.choice(
        "format", value: "<format>",
        help: "json: the data file format; shoppinglist14: that app's two files, into the --output folder.")

    static let output = OptionKey<String>.string(
        "output", short: "o", value: "<path>",
        help: "The file (json) or folder (shoppinglist14) to write; json goes to standard output without it.")

    static func run(_ context: inout CommandContext) throws(CommandFailure) {
        let format = context.options[Self.format] ?? .json
        let output = context.options[Self.output]
        // The json export carries the purchase log; ShoppingList14 has none.
        let workspace = try context.readWorkspace(purchaseLog: format == .json)
        let list = workspace.list
        if format == .shoppinglist14 {
            guard let folder = output else {
                // The command line's shape is wrong (an option is missing): a usage error, with the usage line.
                throw context.usageError("'--format shoppinglist14' writes two files: name a folder with '-o <path>'")
            }
            try attempt { try ShoppingList14Format.write(list, toFolder: folder) }
            context.say(
                "Exported \(list.itemCount) items and \(list.locations.count - 1) locations to \(Escape.forTerminal(folder))"
            )
            // That app knows whole counts only: say what was rounded.
            let rounded = list.items.filter { !$0.amount.wholeCountForExport.isExact }.count
            if rounded > 0 {
                context.say(
                    "Note: \(HumanOutput.count(rounded, "amount", "amounts")) written as whole counts "
                        + "(counts rounded up, 1 for anything with a unit): ShoppingList14 has no units")
            }
            return
        }
        let bytes = DataFileStore.encode(list, log: workspace.log)
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
