import ShopKit
import ShopTools

/// What `shop store learn` prints: the proposed walk with the moves and their evidence, or one JSON object.
enum WalkLearningOutput {
    /// The text view: the proposed walk numbered from 1 (the fewest locations whose moves make it say where they were),
    /// the moves with their evidence, pairs still against the trips (only ever in a circle: without one, some order
    /// contradicts no decided pair), and the locations visited that the store lacks.
    static func text(_ proposal: WalkProposal, store: Store, in list: ShoppingList, style: TerminalStyle) -> String {
        let storeName = style.bold(Escape.forTerminal(store.name))
        let trips = HumanOutput.count(proposal.trips, "trip", "trips")
        guard let proposed = proposal.proposed else {
            return "\(storeName): \(trips) so far; learning a walk needs \(WalkProposal.tripsNeeded) "
                + "(a trip is a day's purchases there, ticked off one at a time)\n"
        }
        var lines: [String] = []
        if proposal.changesWalk {
            lines.append("\(storeName): a walk learned from \(trips)")
            var was: [Location.ID: Int] = [:]
            for (index, id) in proposal.current.enumerated() { was[id] = index + 1 }
            let moved = Set(proposal.moved)
            let names = proposed.map { name(of: $0, in: list) }
            let nameWidth = min(HumanOutput.maximumLabelWidth, names.map({ cellWidth(of: $0) }).max() ?? 0)
            let numberWidth = "\(proposed.count)".count
            for (index, id) in proposed.enumerated() {
                let from = moved.contains(id) ? style.dim("  (moved from \(was[id]!))") : ""
                let swatch = list.location(id).map { style.swatch($0.color) } ?? ""
                lines.append(
                    "  " + HumanOutput.padLeft("\(index + 1)", to: numberWidth) + "  " + swatch
                        + HumanOutput.pad(names[index], to: nameWidth)
                        + from)
            }
            lines.append("Moves, with their evidence:")
            lines += evidenceLines(proposal.moves, in: list)
        } else {
            lines.append("\(storeName): the walk already agrees with the \(trips); nothing to change")
        }
        if !proposal.contradicted.isEmpty {
            lines.append("Still against some trips (they disagree in a circle):")
            lines += evidenceLines(proposal.contradicted, in: list)
        }
        if !proposal.unlisted.isEmpty {
            let visited = proposal.unlisted.map {
                name(of: $0.location, in: list) + " (" + HumanOutput.count($0.trips, "trip", "trips") + ")"
            }
            lines.append(style.dim("Visited on the trips, not at this store: " + visited.joined(separator: ", ")))
        }
        return HumanOutput.joined(lines, width: style.width)
    }

    /// The most pairs listed as text; JSON lists them all (a store rearranged wholesale turns hundreds).
    static let pairsShown = 20

    /// One indented line per pair, at most ``pairsShown``, then how many more there are.
    static func evidenceLines(_ pairs: [WalkProposal.Evidence], in list: ShoppingList) -> [String] {
        var lines = pairs.prefix(pairsShown).map { "  " + evidence($0, in: list) }
        if pairs.count > pairsShown {
            lines.append("  ... and \(pairs.count - pairsShown) more pairs ('--json' lists them all)")
        }
        return lines
    }

    /// `Bakery before Dairy: 7 of 8 trips`; where fewer than 75% of the trips agree, the share of their
    /// weight that decided it: `Dairy before Bakery: 5 of 9 trips (80% with recent trips weighing more)`.
    static func evidence(_ pair: WalkProposal.Evidence, in list: ShoppingList) -> String {
        let line =
            "\(name(of: pair.before, in: list)) before \(name(of: pair.after, in: list)): \(pair.agreeing) of "
            + HumanOutput.count(pair.trips, "trip", "trips")
        return pair.agreeing * 4 >= pair.trips * 3 ? line : line + " (\(pair.percent)% with recent trips weighing more)"
    }

    private static func name(of id: Location.ID, in list: ShoppingList) -> String {
        Escape.forTerminal(list.location(id)?.name ?? id.description)
    }

    /// `{"applied", "contradicted", "current", "exact", "moved", "moves", "proposed", "store", "storeId", "trips",
    /// "tripsNeeded", "unlisted"}`: walks as location names; each pair `{"after", "agreeing", "before",
    /// "percent", "trips"}`; `proposed` is null with too few trips; `unlisted` is `[{"location", "trips"}]`.
    static func json(_ proposal: WalkProposal, store: Store, applied: Bool, in list: ShoppingList) -> String {
        func name(_ id: Location.ID) -> JSONValue { .string(list.location(id)?.name ?? id.description) }
        func names(_ ids: [Location.ID]) -> JSONValue { .array(ids.map(name)) }
        func pairs(_ pairs: [WalkProposal.Evidence]) -> JSONValue {
            .array(
                pairs.map {
                    .object([
                        "after": name($0.after), "agreeing": .integer($0.agreeing), "before": name($0.before),
                        "percent": .integer($0.percent), "trips": .integer($0.trips),
                    ])
                })
        }
        var writer = JSONOutput.makeWriter(count: proposal.current.count)
        writer.value(
            .object([
                "applied": .bool(applied), "contradicted": pairs(proposal.contradicted),
                "current": names(proposal.current), "exact": .bool(proposal.isExact), "moved": names(proposal.moved),
                "moves": pairs(proposal.moves), "proposed": proposal.proposed.map(names) ?? .null,
                "store": .string(store.name), "storeId": .string(store.id.description),
                "trips": .integer(proposal.trips), "tripsNeeded": .integer(WalkProposal.tripsNeeded),
                "unlisted": .array(
                    proposal.unlisted.map { .object(["location": name($0.location), "trips": .integer($0.trips)]) }),
            ]))
        return JSONOutput.finish(&writer)
    }
}
