import ShopKit
import ShopTools

/// `history` and `spending` in every form: human columns (with bars on a terminal), JSON and CSV.
enum PurchaseOutput {
    /// The eighths of a cell, from one eighth to a full block, for the bars of `spending`.
    static let eighths: [Character] = ["▏", "▎", "▍", "▌", "▋", "▊", "▉", "█"]

    /// Names wider than this are cut in the history's name column, so one long name does not push the others off.
    static let nameColumnLimit = 30

    // MARK: - history

    /// `12 purchases, 45.60 in total` and, when some have no price, how many are not in the total.
    static func summary(_ totals: PurchaseTotals) -> String {
        var text = HumanOutput.count(totals.purchases, "purchase", "purchases") + ", \(totals.total) in total"
        if totals.unpriced > 0 {
            text += " (\(totals.unpriced) without a price, not counted)"
        }
        return text
    }

    /// `history --json`: the purchases (`log`'s at the positions `order` names), each with its line total.
    static func historyJSON(
        _ log: [Purchase], order: [Int], lists: ShoppingList, to output: inout StreamedOutput
    ) {
        var writer = JSONWriter(pretty: true, compactEmptyContainers: true, capacity: StreamedOutput.pieceSize + 1024)
        writer.beginArray()
        for position in order {
            writer.purchase(log[position], withLineTotal: true, listName: lists.listName(of: log[position]))
            if writer.pendingCount >= StreamedOutput.pieceSize {
                writer.drain { output.append($0) }
                output.flushIfFull()
            }
        }
        writer.endArray()
        writer.appendNewline()
        writer.drain { output.append($0) }
    }

    /// `history --format csv`: `date,name,quantity,price,lineTotal,store,priceUnit,by,list`, dates ISO 8601 UTC;
    /// the quantity as shown (`2`, `1.5 kg`), the price per `priceUnit` (empty: per piece), the list it was bought from
    /// as `--json` names it (a new column goes last, so a script reading columns by position reads on).
    static func historyCSV(
        _ log: [Purchase], order: [Int], lists: ShoppingList, to output: inout StreamedOutput
    ) {
        output.append("date,name,quantity,price,lineTotal,store,priceUnit,by,list\r\n")
        for position in order {
            let purchase = log[position]
            var line =
                TimestampText.string(purchase.date) + "," + ScriptOutput.csvField(purchase.name)
                + "," + ScriptOutput.csvField(purchase.amount.description) + ","
            line += (purchase.price?.description ?? "") + "," + (purchase.lineTotal?.description ?? "") + ","
            line += ScriptOutput.csvField(purchase.store ?? "") + "," + (purchase.priceUnit.priceUnitSymbol ?? "")
            line += "," + ScriptOutput.csvField(purchase.by ?? "")
            line += "," + ScriptOutput.csvField(lists.listName(of: purchase)) + "\r\n"
            output.append(line)
            output.flushIfFull()
        }
    }

    // MARK: - spending

    /// `shop spending`: one row per group (group, purchases, total, unpriced when any), a bar in eighths of a
    /// block proportional to the total when `width` is given (a terminal), then the overall line.
    static func spending(_ rows: [SpendingRow], by grouping: SpendingGrouping, width: Int?) -> String {
        guard !rows.isEmpty else { return "No purchases.\n" }
        let none = grouping == .store ? "(no store)" : "(no location)"
        let labels = rows.map { $0.group.map(Escape.forTerminal) ?? none }
        let counts = rows.map { "\($0.totals.purchases)" }
        let totals = rows.map { $0.totals.total.description }
        let anyUnpriced = rows.contains { $0.totals.unpriced > 0 }
        let unpriced = rows.map { $0.totals.unpriced > 0 ? "\($0.totals.unpriced) unpriced" : "" }
        let header = (grouping.rawValue, "purchases", "total", anyUnpriced ? "" : nil as String?)
        var labelWidth = max(cellWidth(of: header.0), labels.map(cellWidth(of:)).max() ?? 0)
        let countWidth = max(cellWidth(of: header.1), counts.map(cellWidth(of:)).max() ?? 0)
        let totalWidth = max(cellWidth(of: header.2), totals.map(cellWidth(of:)).max() ?? 0)
        let unpricedWidth = unpriced.map(cellWidth(of:)).max() ?? 0
        let fixed = 2 + countWidth + 2 + totalWidth + (anyUnpriced ? 2 + unpricedWidth : 0)
        if let width { labelWidth = max(4, min(labelWidth, width - fixed - 2 - 1)) }
        let maximum = rows.map(\.totals.cents).max() ?? 0
        var lines = [
            HumanOutput.pad(header.0, to: labelWidth) + "  " + HumanOutput.padLeft(header.1, to: countWidth) + "  "
                + HumanOutput.padLeft(header.2, to: totalWidth)
        ]
        for (index, row) in rows.enumerated() {
            var line =
                HumanOutput.pad(CellText.truncate(labels[index], to: labelWidth), to: labelWidth) + "  "
                + HumanOutput.padLeft(counts[index], to: countWidth)
            line += "  " + HumanOutput.padLeft(totals[index], to: totalWidth)
            if anyUnpriced { line += "  " + HumanOutput.pad(unpriced[index], to: unpricedWidth) }
            if let width {
                let room = width - labelWidth - fixed - 2
                if room > 0 { line += "  " + bar(row.totals.cents, of: maximum, cells: room) }
            }
            lines.append(line)
        }
        var overall = PurchaseTotals()
        for row in rows {
            overall.purchases += row.totals.purchases
            overall.priced += row.totals.priced
            overall.cents += row.totals.cents
        }
        lines.append("")
        lines.append(summary(overall))
        return HumanOutput.joined(lines, width: width)
    }

    /// A bar of `value / maximum` of `cells` cells, in eighths: full blocks, then one partial block.
    static func bar(_ value: Int, of maximum: Int, cells: Int) -> String {
        guard maximum > 0, value > 0, cells > 0 else { return "" }
        let eighthsWanted = max(1, Int((Double(value) / Double(maximum) * Double(cells * 8)).rounded()))
        var text = String(repeating: "█", count: eighthsWanted / 8)
        if eighthsWanted % 8 > 0 { text.append(eighths[eighthsWanted % 8 - 1]) }
        return text
    }

    /// `spending --json`: `[{"from", "group", "purchases", "total", "unpriced", "until"}]`.
    static func spendingJSON(_ rows: [SpendingRow]) -> String {
        var writer = JSONOutput.makeWriter(count: rows.count)
        writer.value(
            .array(
                rows.map {
                    .object([
                        "from": .string($0.from.description), "group": .text($0.group),
                        "purchases": .integer($0.totals.purchases), "total": .number($0.totals.total.jsonNumber),
                        "unpriced": .integer($0.totals.unpriced), "until": .string($0.until.description),
                    ])
                }))
        return JSONOutput.finish(&writer)
    }

    /// `spending --format csv`: `group,from,until,purchases,total,unpriced`.
    static func spendingCSV(_ rows: [SpendingRow]) -> String {
        var text = "group,from,until,purchases,total,unpriced\r\n"
        for row in rows {
            text += ScriptOutput.csvField(row.group ?? "") + ",\(row.from),\(row.until),\(row.totals.purchases),"
            text += "\(row.totals.total),\(row.totals.unpriced)\r\n"
        }
        return text
    }
}

/// The pieces of a `history` line that SPEC section 12 added: the amount with its unit price, and the device.
extension PurchaseOutput {
    /// `6`, `2 kg × 11.99/kg`, `650 g × 6.9846/kg`, `2 packs × 3.49/pack`: the amount bought and the unit price.
    static func amountText(_ purchase: Purchase) -> String {
        let amount = purchase.amount.description
        guard let price = purchase.price else { return amount }
        let per = purchase.priceUnit.isCount ? "" : "/" + purchase.priceUnit.symbol
        return amount + " × " + price.description + per
    }

    /// The store column of a history line: the store, and the device after it when devices are shown.
    static func storeText(_ purchase: Purchase, withDevice: Bool) -> String? {
        guard withDevice, let device = purchase.by else { return purchase.store }
        let by = "by " + device
        return purchase.store.map { $0 + "  " + by } ?? by
    }
}
