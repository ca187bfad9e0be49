/// Shell completion scripts, generated from ``CommandTable`` so they never drift from the parser.
///
/// Item and location names come live from the data file through the hidden
/// `shop __complete <kind> [<prefix>]` command, passing along a `--file` given on the command line.
enum CompletionScripts {
    /// What a word may be completed with.
    enum Candidates: Equatable {
        case words([String])
        case names(CompletionKind)
        case files
        case nothing
    }

    /// Visible command paths, root (`[]`) first, each with its spec.
    static var paths: [(path: [String], spec: CommandSpec)] {
        [([], CommandTable.root)] + ManPage.documentedCommands()
    }

    /// What the positional arguments of the command at `path` complete with.
    static func positionalCandidates(_ path: [String], _ spec: CommandSpec) -> Candidates {
        if !spec.visibleSubcommands.isEmpty { return .words(spec.visibleSubcommands.map(\.name)) }
        guard let argument = spec.arguments.first else { return .nothing }
        if let choices = argument.choices { return .words(choices) }
        switch (path.first, argument.name) {
        case ("location", _): return .names(.locations)
        // A walking order is mostly location names (the first word, a store name, is typed once).
        case ("store", _) where ["add", "order"].contains(path.last): return .names(.locations)
        case ("store", _): return .names(.stores)
        case ("lists", _): return .names(.lists)
        case ("recipe", _) where path.last == "remove": return .names(.recipes)
        // A command or a topic of the manual.
        case ("help", _): return .words(CommandTable.root.visibleSubcommands.map(\.name) + ManualTopic.names)
        case (_, "<path>"): return .files
        case ("buy", _), ("drop", _): return .names(.onlist)
        case ("history", _): return .names(.items)
        case ("unbuy", _), ("purchased", _): return .names(.purchased)
        case (_, "<name>"): return .names(.items)
        default: return .nothing
        }
    }

    /// What the value of `option` completes with.
    static func valueCandidates(_ option: OptionSpec) -> Candidates {
        if case .choice(let values) = option.kind { return .words(values) }
        // A number that also takes a word (`--every 7` or `--every auto`): the word is what can be completed.
        if !option.keywords.isEmpty { return .words(option.keywords) }
        switch option.valueName {
        case "<location>": return .names(.locations)
        case "<store>": return .names(.stores)
        case "<list>": return .names(.lists)
        case "<path>": return .files
        default: return .nothing
        }
    }

    /// Every option accepted after the command at `path`: its own, then the global ones by long name.
    static func options(_ spec: CommandSpec, isRoot: Bool) -> [OptionSpec] {
        let global = CommandTable.root.visibleOptions.filter { isRoot || $0.long != CommandTable.versionOption }
        let own = Set(spec.visibleOptions.map(\.long))
        return isRoot
            ? global
            : spec.visibleOptions
                + global.filter { !own.contains($0.long) }.map {
                    OptionSpec(long: $0.long, short: nil, valueName: $0.valueName, kind: $0.kind, help: $0.help)
                }
    }

    static func flags(_ option: OptionSpec) -> [String] {
        [option.longFlag] + (option.shortFlag.map { [$0] } ?? [])
    }

    // MARK: - bash

    /// The bash script (also used by zsh through `bashcompinit`).
    static func bash() -> String {
        var pathCases = ""
        for (path, spec) in paths where !spec.visibleSubcommands.isEmpty {
            let key = path.joined(separator: " ")
            pathCases +=
                "            \(spec.visibleSubcommands.map { "\"\(key):\($0.name)\"" }.joined(separator: "|")))"
            pathCases += " command_path=\"\(key.isEmpty ? "" : key + " ")$word\" ;;\n"
        }
        var valueCases = ""
        var valueOptions = ""
        var optionWords = ""
        var positionalCases = ""
        for (path, spec) in paths {
            let key = path.joined(separator: " ")
            let options = options(spec, isRoot: path.isEmpty)
            let takingValue = options.filter(\.takesValue).flatMap(flags)
            if !takingValue.isEmpty {
                valueOptions +=
                    "        \(takingValue.map { "\"\(key):\($0)\"" }.joined(separator: "|"))) return 0 ;;\n"
            }
            for option in options where option.takesValue {
                let action = bashAction(valueCandidates(option))
                valueCases +=
                    "        \(flags(option).map { "\"\(key):\($0)\"" }.joined(separator: "|"))) \(action); return ;;\n"
            }
            optionWords += "        \"\(key)\") words=\"\(options.flatMap(flags).joined(separator: " ")) --help\" ;;\n"
            positionalCases += "        \"\(key)\") \(bashAction(positionalCandidates(path, spec))) ;;\n"
        }
        return """
            # bash completion for shop; generated by `shop completions bash`.
            # Load with: source <(shop completions bash)

            _shop_takes_value() {
                case "$1:$2" in
            \(valueOptions)    esac
                return 1
            }

            # The word being completed as the shell will read it: a leading quote or backslashes removed
            # (never eval'd, so nothing typed is run).
            _shop_dequote() {
                local in="$1" out="" i c
                case "$in" in
                    \\'*) in="${in#\\'}"; printf '%s' "${in%\\'}"; return ;;
                    \\"*) in="${in#\\"}"; in="${in%\\"}" ;;
                esac
                for (( i = 0; i < ${#in}; i++ )); do
                    c="${in:$i:1}"
                    if [[ "$c" == "\\\\" ]]; then (( i++ )); c="${in:$i:1}"; fi
                    out+="$c"
                done
                printf '%s' "$out"
            }

            # Names from the data file, each quoted for the shell (spaces, &, quotes, $ and the rest), so that
            # what is inserted is one word meaning exactly that name.
            _shop_names() {
                local line quoted
                COMPREPLY=()
                while IFS= read -r line; do
                    printf -v quoted '%q' "$line"
                    COMPREPLY+=("$quoted")
                done < <("${COMP_WORDS[0]}" ${_shop_file:+--file "$_shop_file"} __complete "$1" "$(_shop_dequote "$cur")" 2>/dev/null)
            }

            _shop() {
                local cur="${COMP_WORDS[COMP_CWORD]}" prev="" command_path="" word words _shop_file="" i skip=0
                (( COMP_CWORD > 0 )) && prev="${COMP_WORDS[COMP_CWORD-1]}"
                for (( i = 1; i < COMP_CWORD; i++ )); do
                    word="${COMP_WORDS[i]}"
                    if (( skip )); then skip=0; continue; fi
                    case "$word" in
                        --file=*) _shop_file="${word#--file=}"; continue ;;
                        --file) _shop_file="${COMP_WORDS[i+1]}"; skip=1; continue ;;
                        -*=*) continue ;;
                        -*) _shop_takes_value "$command_path" "$word" && skip=1; continue ;;
                    esac
                    case "$command_path:$word" in
            \(pathCases)        esac
                done
                if [[ "$prev" != -*=* ]]; then
                    case "$command_path:$prev" in
            \(valueCases)        esac
                fi
                if [[ "$cur" == -* ]]; then
                    case "$command_path" in
            \(optionWords)        esac
                    COMPREPLY=($(compgen -W "$words" -- "$cur"))
                    return
                fi
                case "$command_path" in
            \(positionalCases)    esac
            }

            complete -F _shop shop

            """
    }

    private static func bashAction(_ candidates: Candidates) -> String {
        switch candidates {
        case .words(let words): "COMPREPLY=($(compgen -W \"\(words.joined(separator: " "))\" -- \"$cur\"))"
        case .names(let kind): "_shop_names \(kind.rawValue)"
        case .files: "COMPREPLY=($(compgen -f -- \"$cur\"))"
        case .nothing: "COMPREPLY=()"
        }
    }

    // MARK: - zsh

    /// The zsh script: the bash one, run through zsh's `bashcompinit`.
    static func zsh() -> String {
        """
        #compdef shop
        # zsh completion for shop; generated by `shop completions zsh`.
        # Load with: source <(shop completions zsh)
        autoload -U +X compinit && compinit
        autoload -U +X bashcompinit && bashcompinit

        """ + bash().split(separator: "\n", omittingEmptySubsequences: false).dropFirst(2).joined(separator: "\n")
    }

    // MARK: - fish

    /// The fish script: one `complete` line per subcommand, option and value list.
    static func fish() -> String {
        var lines = [
            "# fish completion for shop; generated by `shop completions fish`.",
            "# Load with: shop completions fish | source",
            "complete -c shop -f",
        ]
        for (path, spec) in paths {
            let condition: String
            switch path.count {
            case 0: condition = "__fish_use_subcommand"
            case 1:
                condition =
                    "__fish_seen_subcommand_from \(path[0])"
                    + (spec.visibleSubcommands.isEmpty
                        ? ""
                        : "; and not __fish_seen_subcommand_from \(spec.visibleSubcommands.map(\.name).joined(separator: " "))")
            default: condition = "__fish_seen_subcommand_from \(path[0]); and __fish_seen_subcommand_from \(path[1])"
            }
            switch positionalCandidates(path, spec) {
            case .words where !spec.visibleSubcommands.isEmpty:
                for sub in spec.visibleSubcommands {
                    lines.append("complete -c shop -n '\(condition)' -a \(sub.name) -d \(fishQuote(sub.abstract))")
                }
            case let candidates:
                if let arguments = fishArguments(candidates) {
                    lines.append("complete -c shop -n '\(condition)' -a \(arguments)")
                }
            }
            for option in options(spec, isRoot: path.isEmpty)
            where path.isEmpty || !CommandTable.root.visibleOptions.contains(option) {
                var line = "complete -c shop -n '\(condition)' -l \(option.long)"
                if let short = option.short { line += " -s \(short)" }
                if option.takesValue {
                    line += " -r"
                    if let arguments = fishArguments(valueCandidates(option)) { line += " -a \(arguments)" }
                    if valueCandidates(option) == .files { line += " -F" }
                }
                lines.append(line + " -d \(fishQuote(option.help))")
            }
        }
        for option in CommandTable.root.visibleOptions where option.takesValue {
            var line = "complete -c shop -l \(option.long) -r"
            if let arguments = fishArguments(valueCandidates(option)) { line += " -a \(arguments)" }
            if valueCandidates(option) == .files { line += " -F" }
            lines.append(line + " -d \(fishQuote(option.help))")
        }
        return lines.joined(separator: "\n") + "\n"
    }

    private static func fishArguments(_ candidates: Candidates) -> String? {
        switch candidates {
        case .words(let words): "'\(words.joined(separator: " "))'"
        // fish escapes what it inserts itself; the typed prefix is unescaped before it is matched.
        case .names(let kind):
            "'(shop (string match -r -- \"^--file=.*\" (commandline -opc)) __complete \(kind.rawValue) (commandline -ct | string unescape))'"
        case .files, .nothing: nil
        }
    }

    private static func fishQuote(_ text: String) -> String {
        "'" + text.replacing("\\", with: "\\\\").replacing("'", with: "\\'") + "'"
    }
}
