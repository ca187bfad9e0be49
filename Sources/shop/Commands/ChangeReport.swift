import ShopKit

/// The confirmation a changing command writes to standard error ("Bought milk, eggs"), and with
/// `--json` the affected items on standard output, so a script gets ids back.
enum ChangeReport {
    /// Reports `outcomes` of one command against the list as it is after the change.
    /// - Parameters:
    ///   - changed: the verb for items that changed ("Bought").
    ///   - created: the verb for new items ("Added"), when the command creates any.
    ///   - unchanged: the note for items that were already as asked ("already bought").
    ///   - putBack: changed items that came back onto the list (for `add`, which otherwise only
    ///     updates items already on it); they are reported as `Back on the list:`.
    ///   - moved: items `add` moved from another list, with both lists' names: each is said on a line of its own
    ///     (`Moved cake from Groceries to Party`, SPEC 22).
    ///   - jsonKeepsUnchanged: whether `--json` lists items that were already as asked. `buy`,
    ///     `unbuy` and `(un)available` leave them out (nothing happened to them; standard error says
    ///     why); `add` and `edit` keep them, since the item named is what a script asks them for.
    ///   - guesses: new items placed by a guess (SPEC 21): each is said with where and why, and with `--json` each new
    ///     item gets `"locationGuess"` (`{"location", "because"}`, null when none was made).
    ///   - jsonLogged: `buy` (SPEC 16): every item named is in `--json`, each with `"logged"` saying
    ///     whether a purchase was logged, and the line of those not logged is said even with `--quiet`.
    static func report(
        _ outcomes: [ItemOutcome], in list: ShoppingList, changed: String, created: String? = nil,
        unchanged: String, putBack: Set<Item.ID> = [], moved: [Item.ID: (from: String, to: String)] = [:],
        jsonKeepsUnchanged: Bool = false, jsonLogged: Bool = false,
        guesses: [Item.ID: LocationGuess]? = nil, context: inout CommandContext
    ) {
        if context.wantsJSON, jsonLogged {
            context.output += JSONOutput.items(
                outcomes.compactMap { outcome in list.item(outcome.id).map { ($0, outcome.kind != .unchanged) } },
                in: list, flag: "logged")
        } else if context.wantsJSON {
            let affected = jsonKeepsUnchanged ? outcomes : outcomes.filter { $0.kind != .unchanged }
            let items = affected.compactMap { list.item($0.id) }
            if let guesses {
                let created = Set(outcomes.filter { $0.kind == .created }.map(\.id))
                context.output += JSONOutput.items(items, in: list, guesses: guesses, created: created)
            } else {
                context.output += JSONOutput.items(items, in: list)
            }
        }
        func names(_ wanted: (ItemOutcome) -> Bool) -> [String] {
            outcomes.filter(wanted).compactMap { list.item($0.id).map { Escape.forTerminal($0.name) } }
        }
        let guessed = guesses ?? [:]
        let createdNames = names { $0.kind == .created && guessed[$0.id] == nil }
        let backNames = names { $0.kind == .changed && putBack.contains($0.id) }
        let changedNames = names { $0.kind == .changed && !putBack.contains($0.id) && moved[$0.id] == nil }
        let unchangedNames = names { $0.kind == .unchanged }
        if let created, !createdNames.isEmpty { context.say("\(created) \(joined(createdNames))") }
        if let created { sayGuesses(outcomes, guessed, in: list, verb: created, context: &context) }
        if !backNames.isEmpty { context.say("Back on the list: \(joined(backNames))") }
        for outcome in outcomes {
            guard let (from, to) = moved[outcome.id], let item = list.item(outcome.id) else { continue }
            context.say(
                "Moved \(Escape.forTerminal(item.name)) from \(Escape.forTerminal(from)) to \(Escape.forTerminal(to))")
        }
        if !changedNames.isEmpty { context.say("\(changed) \(joined(changedNames))") }
        if !unchangedNames.isEmpty {
            let line = "\(joined(unchangedNames)): \(unchanged)"
            if jsonLogged { context.sayEvenIfQuiet(line) } else { context.say(line) }
        }
    }

    /// `Added gouda to Cheese Counter (guessed from 'cheese'; 'shop edit gouda --location …' moves it)`, one line a
    /// new item placed by a guess; more than ten are said by location (`Added 12 items by a guess: 5 to Produce, ...`).
    static func sayGuesses(
        _ outcomes: [ItemOutcome], _ guesses: [Item.ID: LocationGuess], in list: ShoppingList, verb: String,
        context: inout CommandContext
    ) {
        let placed = outcomes.compactMap { outcome in
            guesses[outcome.id].flatMap { guess in list.item(outcome.id).map { ($0, guess) } }
        }
        guard placed.count <= 10 else {
            var counts: [Location.ID: Int] = [:]
            for (item, _) in placed { counts[item.locationID, default: 0] += 1 }
            let byLocation = list.locationsInVisitationOrder.compactMap { location in
                counts[location.id].map { "\($0) to \(Escape.forTerminal(location.name))" }
            }
            context.say(
                "\(verb) \(placed.count) items by a guess: \(byLocation.joined(separator: ", ")) ('shop guess NAME' says why)"
            )
            return
        }
        for (item, guess) in placed {
            let location = Escape.forTerminal(list.location(of: item).name)
            let name = Escape.forTerminal(item.name)
            context.say(
                "\(verb) \(name) to \(location) (\(Escape.forTerminal(LocationGuess.saying(guess.because))); "
                    + "'shop edit \(ShellWord.quoted(item.name)) --location …' moves it)")
        }
    }

    /// Names joined for one line; a long batch (`add -` of thousands) is summarised, not listed.
    static func joined(_ names: [String]) -> String {
        guard names.count > 10 else { return names.joined(separator: ", ") }
        return names.prefix(8).joined(separator: ", ") + " and \(names.count - 8) more"
    }
}
