import ShopKit

/// `shop completions bash|zsh|fish`: prints a completion script generated from ``CommandTable``.
enum CompletionsCommand {
    static func run(_ context: inout CommandContext) throws(CommandFailure) {
        switch context.invocation.positional(0) {
        case "zsh": context.output += CompletionScripts.zsh()
        case "fish": context.output += CompletionScripts.fish()
        default: context.output += CompletionScripts.bash()
        }
    }
}

/// `shop man`: prints the manual page, shop(1), generated from ``CommandTable``.
enum ManCommand {
    static func run(_ context: inout CommandContext) throws(CommandFailure) {
        context.output += ManPage.render(version: ShopCommandLine.version)
    }
}

/// Hidden `shop __complete items|onlist|purchased|locations|stores [PREFIX]`: names for the completion scripts,
/// one a line, in name order. Never creates the data file; any error prints nothing (exit 0), because a
/// completion must never put an error message on the user's command line.
enum CompleteCommand {
    static func run(_ context: inout CommandContext) throws(CommandFailure) {
        guard let list = try? context.load() else { return }
        let prefix = NameOrder.key(context.invocation.positional(1) ?? "")
        var names: [String]
        switch context.invocation.positional(0) {
        case "items": names = list.items.map(\.name)
        case "onlist": names = list.items.filter(\.onList).map(\.name)
        case "purchased": names = list.items.filter { !$0.onList }.map(\.name)
        case "locations": names = list.locations.map(\.name)
        case "stores": names = list.stores.map(\.name)
        case "recipes": names = Array(Set(list.recipesInNameOrder.map(\.name))).sorted()
        default: return
        }
        names = names.filter { name in
            NameOrder.key(name).hasPrefix(prefix) && !name.unicodeScalars.contains(where: Validation.isControl)
        }
        for name in names.sorted(by: NameOrder.precedes) { context.print(name) }
    }
}
