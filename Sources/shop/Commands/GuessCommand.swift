import ShopKit

/// `shop guess NAME... [--json]`: where new items of these names would go, and why (SPEC 21); changes nothing.
enum GuessCommand {
    static let spec = CommandSpec(
        name: "guess",
        abstract: "Show where new items of these names would go, and why (changes nothing).",
        discussion: """
            An item added without --location goes where its name says: an item of yours with the same food word \
            (smoked paprika goes where Paprika is), else the location whose name says its kind of aisle (Produce, \
            Obst & Gemüse) or that holds most items of that kind. Below that evidence, the Unknown Location. \
            A name you already have stays where it is.
            """,
        arguments: [CommandTable.itemNames("The names to guess for")],
        options: [CommonOptions.json("one object per name").spec],
        data: .reads(log: false),
        run: run
    )

    static func run(_ context: inout CommandContext) throws(CommandFailure) {
        let names = try context.requireNames()
        let list = try context.readData()
        let guesser = LocationGuesser(list: list)
        var answers: [GuessAnswer] = []
        var seen: Set<String> = []
        for raw in names {
            let name = try attempt { try Validation.name(raw, kind: .item) }
            guard seen.insert(NameOrder.key(name)).inserted else { continue }
            if let item = list.item(matching: name) {
                answers.append(GuessAnswer(name: item.name, existing: item, guess: nil))
            } else {
                answers.append(GuessAnswer(name: name, existing: nil, guess: guesser.guess(name)))
            }
        }
        context.output +=
            context.wantsJSON
            ? JSONOutput.guesses(answers, in: list) : HumanOutput.guesses(answers, in: list, style: context.style)
    }
}

/// What `shop guess` says of one name: the item that already has it, or the guess for a new one (`nil`: none).
struct GuessAnswer {
    var name: String
    var existing: Item?
    var guess: LocationGuess?
}
