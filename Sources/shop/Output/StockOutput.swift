import ShopKit

/// `shop stock`'s human output (SPEC section 18).
enum StockOutput {
    /// One block per item: `Name: total, about PACE a day`, then its lots in the order they go.
    static func text(_ reports: [StockReport], today: CalendarDay, due: Int, calendar: LocalCalendar) -> String {
        var text = ""
        for report in reports {
            text += Escape.forTerminal(report.item.name) + ": " + report.stock.total.description
            if let pace = report.pacePart { text += ", about \(paceText(pace)) a day" }
            text += "\n"
            for (lot, left) in zip(report.stock.lots, report.expectedLeft) {
                text += "  " + lotLine(lot, left: left, today: today, due: due, calendar: calendar) + "\n"
            }
        }
        return text
    }

    /// A pace to two places (`0.71`, `42.5 g`): a count's pace is no whole number of pieces.
    static func paceText(_ pace: Amount.Part) -> String {
        let number = pace.quantity.text(places: 2)
        return pace.unit.isCount ? number : number + " " + Escape.forTerminal(pace.unit.symbol)
    }

    /// `300 g, best before 2026-12-03, opened, due: at your pace 100 g will be left`.
    private static func lotLine(
        _ lot: StockLot, left: Amount.Part?, today: CalendarDay, due: Int, calendar: LocalCalendar
    ) -> String {
        var words = [lot.amount.description]
        if let bestBefore = lot.bestBefore {
            words.append("best before \(bestBefore)")
        } else {
            words.append("bought \(CalendarDay(number: calendar.dayNumber(of: lot.bought)))")
        }
        if lot.opened != nil { words.append("opened") }
        if lot.isExpired(on: today) {
            words.append("expired")
        } else if let bestBefore = lot.bestBefore, bestBefore.number - today.number <= due {
            words.append("due")
        }
        var line = words.joined(separator: ", ")
        if let left, !left.quantity.isZero { line += ": at your pace \(left) will be left" }
        return line
    }

    /// What was thrown away of the stocked items whose name contains `search`, oldest first.
    static func spoiledRows(_ workspace: Workspace, search: String?) -> [(name: String, spoilage: Spoilage)] {
        let needle = search?.lowercased()
        var rows: [(name: String, spoilage: Spoilage)] = []
        for stock in workspace.log.stockLedger(of: workspace.list).items.values
        where needle.map({ stock.name.lowercased().contains($0) }) ?? true {
            rows += stock.spoiled.map { (stock.name, $0) }
        }
        return rows.sorted {
            $0.spoilage.date != $1.spoilage.date ? $0.spoilage.date < $1.spoilage.date : $0.name < $1.name
        }
    }

    /// `2026-11-21  Yogurt  150 g  0.45` a line, then the count and the cost of those with a price.
    static func spoiled(_ rows: [(name: String, spoilage: Spoilage)], calendar: LocalCalendar) -> String {
        guard !rows.isEmpty else { return "Nothing was thrown away.\n" }
        var text = ""
        var cents = 0
        var unpriced = 0
        for (name, spoilage) in rows {
            let day = CalendarDay(number: calendar.dayNumber(of: spoilage.date))
            var line = "\(day)  \(Escape.forTerminal(name))  \(spoilage.part)"
            if let cost = spoilage.cost {
                line += "  " + Money.text(cents: cost.cents)
                cents += cost.cents
            } else {
                unpriced += 1
            }
            text += line + "\n"
        }
        let times = rows.count == 1 ? "1 time" : "\(rows.count) times"
        text += "Thrown away: \(times), \(Money.text(cents: cents))"
        if unpriced > 0 { text += " (\(unpriced) without a price)" }
        return text + "\n"
    }
}
