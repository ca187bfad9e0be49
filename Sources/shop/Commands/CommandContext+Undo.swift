extension CommandContext {
    /// How the undo history names this command: its words as typed, with its options, so two steps
    /// of one command tell apart (`edit eggs --note brown`, `add "whole milk" --quantity 2`, `buy --all`).
    /// Options are written by their long names, in the command table's order; `--json` (output only)
    /// and global options other than `--store` are left out. A long batch of names is shortened
    /// (`add a b c d e f g h (and 9992 more names)`), and names read from standard input are not listed.
    var undoDescription: String {
        var words = invocation.commandPath
        let positionals = invocation.positionals
        if positionals == ["-"] {
            words.append("-")
        } else if positionals.count > 10 {
            words += positionals.prefix(8).map(ShellWord.quoted)
            words.append("(and \(positionals.count - 8) more names)")
        } else {
            words += positionals.map(ShellWord.quoted)
        }
        for option in CommandTable.command(at: invocation.commandPath)?.options ?? []
        where option.long != CommonOptions.json.spec.long {
            let values = options.words(of: option)
            guard let last = values.last else { continue }
            guard option.takesValue else {
                words.append(option.longFlag)
                continue
            }
            for value in option.isRepeatable ? values : [last] { words += [option.longFlag, ShellWord.quoted(value)] }
        }
        if let store = invocation.global.store { words += ["--store", ShellWord.quoted(store)] }
        if let list = invocation.global.list { words += ["--list", ShellWord.quoted(list)] }
        return words.joined(separator: " ") + (positionals == ["-"] ? " (names from standard input)" : "")
    }
}
