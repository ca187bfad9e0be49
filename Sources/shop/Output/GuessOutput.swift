import ShopKit

extension HumanOutput {
    /// `shop guess`: one line a name: `gouda: Cheese Counter (guessed from 'cheese')`, `xyzzy: Unknown Location (no
    /// guess)`, `Milk: Dairy (already on your list)`.
    static func guesses(_ answers: [GuessAnswer], in list: ShoppingList, style: TerminalStyle) -> String {
        let unknown = list.location(list.unknownLocationID)!.name
        let lines = answers.map { answer in
            let name = Escape.forTerminal(answer.name)
            if let item = answer.existing {
                let location = list.location(item.locationID)!.name
                return "\(name): \(Escape.forTerminal(location)) " + style.dim("(already yours; it stays there)")
            }
            guard let guess = answer.guess, let location = list.location(guess.locationID) else {
                return "\(name): \(Escape.forTerminal(unknown)) " + style.dim("(no guess)")
            }
            return "\(name): \(Escape.forTerminal(location.name)) "
                + style.dim("(\(Escape.forTerminal(LocationGuess.saying(guess.because))))")
        }
        return joined(lines, width: style.width)
    }
}

extension JSONOutput {
    /// `shop guess --json`: `[{"name", "location", "because", "existing"}]`, one object a name in the order given;
    /// `location` and `because` are null when there is no guess; an existing item gives its own location, `because`
    /// null and `existing` true.
    static func guesses(_ answers: [GuessAnswer], in list: ShoppingList) -> String {
        var writer = makeWriter(count: answers.count)
        writer.beginArray()
        for answer in answers {
            writer.beginObject()
            writer.key(ItemKey.name)
            writer.string(answer.name)
            writer.key(static: "location")
            if let item = answer.existing {
                writer.string(list.location(item.locationID)!.name)
            } else if let guess = answer.guess, let location = list.location(guess.locationID) {
                writer.string(location.name)
            } else {
                writer.null()
            }
            writer.key(static: "because")
            if answer.existing == nil, let guess = answer.guess { writer.string(guess.because) } else { writer.null() }
            writer.key(static: "existing")
            writer.bool(answer.existing != nil)
            writer.endObject()
        }
        writer.endArray()
        return finish(&writer)
    }
}
