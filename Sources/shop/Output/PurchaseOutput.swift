import ShopKit

#if canImport(FoundationEssentials)
    import FoundationEssentials
#else
    import Foundation
#endif

/// `history` and `spending` in every form: human columns (with bars on a terminal), JSON and CSV.
enum PurchaseOutput {
    /// The eighths of a cell, from one eighth to a full block, for the bars of `spending`.
    static let eighths: [Character] = ["▏", "▎", "▍", "▌", "▋", "▊", "▉", "█"]

    /// Names wider than this are cut in the history's name column, so one long name does not push the
    /// other columns off every line.
    static let nameColumnLimit = 30

    // MARK: - history

    /// `shop history`: date, name, quantity × price, line total, store; then the count and the total.
    /// The purchases are `log`'s at the positions `order` names, in that order.
    ///
    /// Ten years of purchases are tens of thousands of lines over a few thousand names, days and prices, so
    /// each distinct piece is formatted once and the lines are assembled from them, as bytes, straight
    /// into `output`.
    static func history(
        _ list: ShoppingList, order: [Int], totals: PurchaseTotals, zone: DisplayZone, width: Int?,
        to output: inout StreamedOutput
    ) {
        guard !order.isEmpty else { return output.append("No purchases.\n") }
        let log = list.purchaseLog.purchases
        struct Amount: Hashable {
            var amount: ShopKit.Amount
            var price: UnitPrice?
            var unit: MeasureUnit
            var total: Price?
        }
        // Each purchase's name, amount and store as positions in tables of distinct pieces: one lookup
        // per piece and purchase, here, and none when the lines are assembled.
        let (distinctNames, nameNumbers) = list.distinctNames(at: order)
        let names = distinctNames.map { name in
            let shown = Escape.forTerminal(name)
            return (shown: shown, width: cellWidth(of: shown))
        }
        var amountIndex: [Amount: Int] = [:]
        var amounts: [(amount: String, line: String)] = []
        // An item is mostly bought in the same amount at the same price: the last amount of each name is
        // tried before hashing one (the hashing cost 8 M instructions for 30,000 purchases).
        var lastAmountOfName = [(key: Amount, amount: Int)?](repeating: nil, count: names.count)
        // Who bought it, when the rows come from more than one device (SPEC section 12).
        // Purchases logged before devices had names (no `by`) name none, and count as no other device.
        let firstDevice = order.lazy.compactMap { log[$0].by }.first
        let showsDevice = order.contains { log[$0].by.map { $0 != firstDevice } ?? false }
        var storeIndex: [String: Int] = [:]
        var storeNames: [String] = []
        var stores: [String] = []
        var pieces: [(name: Int32, amount: Int32, store: Int32)] = []
        pieces.reserveCapacity(order.count)
        for (index, position) in order.enumerated() {
            let name = Int(nameNumbers[index])
            let purchase = log[position]
            let key = Amount(
                amount: purchase.amount, price: purchase.price, unit: purchase.priceUnit, total: purchase.lineTotal)
            let amount: Int
            if let last = lastAmountOfName[name], last.key == key {
                amount = last.amount
            } else if let known = amountIndex[key] {
                amount = known
            } else {
                amount = amounts.count
                amounts.append((amountText(purchase), purchase.lineTotal?.description ?? "–"))
                amountIndex[key] = amount
            }
            lastAmountOfName[name] = (key, amount)
            var store = -1
            if let storeName = storeText(log[position], withDevice: showsDevice) {
                // A household has a few stores, and the log's reader gives each one string: looking through
                // the first of them (a pointer comparison each) costs less than hashing the name.
                if let known = storeNames.prefix(16).firstIndex(of: storeName) ?? storeIndex[storeName] {
                    store = known
                } else {
                    store = stores.count
                    stores.append(Escape.forTerminal(storeName))
                    storeNames.append(storeName)
                    storeIndex[storeName] = store
                }
            }
            pieces.append((Int32(name), Int32(amount), Int32(store)))
        }
        let amountWidths = amounts.map { (amount: cellWidth(of: $0.amount), line: cellWidth(of: $0.line)) }
        let amountWidth = amountWidths.map { $0.amount }.max() ?? 0
        let lineWidth = amountWidths.map { $0.line }.max() ?? 0
        var nameWidth = min(nameColumnLimit, names.map { $0.width }.max() ?? 0)
        if let width {
            // The date, the name, then the amounts and line total must fit; the store may be cut.
            nameWidth = max(4, min(nameWidth, width - (10 + 2 + 2 + amountWidth + 2 + lineWidth)))
        }
        // Every piece as bytes in one buffer, so a line is a few copies of ranges of it. Written there
        // part by part (padding as spaces), not built as strings first: 7 M fewer instructions for the
        // 3,000 pieces of 30,000 purchases.
        var text: [UInt8] = []
        func spaces(_ count: Int) { text.append(contentsOf: repeatElement(UInt8(ascii: " "), count: max(0, count))) }
        func piece(_ write: () -> Void) -> Range<Int> {
            let start = text.count
            write()
            return start..<text.count
        }
        let nameColumns = names.map { shown in
            piece {
                // `pad(cut, nameWidth)`: the name, cut to the column if wider, then spaces to fill it.
                let cut = shown.width > nameWidth ? CellText.truncate(shown.shown, to: nameWidth) : shown.shown
                spaces(2)
                text += cut.utf8
                spaces(nameWidth - (shown.width > nameWidth ? cellWidth(of: cut) : shown.width))
            }
        }
        let amountColumns = amounts.indices.map { index in
            piece {
                // `pad(amount, amountWidth)` and `padLeft(line, lineWidth)`.
                spaces(2)
                text += amounts[index].amount.utf8
                spaces(amountWidth - amountWidths[index].amount)
                spaces(2)
                spaces(lineWidth - amountWidths[index].line)
                text += amounts[index].line.utf8
            }
        }
        let storeColumns = stores.map { store in
            piece {
                spaces(2)
                text += store.utf8
            }
        }
        text.withUnsafeBufferPointer { text in
            func append(_ range: Range<Int>) {
                output.append(UnsafeBufferPointer(rebasing: text[range]))
            }
            // Newest first: the purchases of one day come together, so the day's text is made once per run.
            var day = Int.min
            var dayText: [UInt8] = []
            for (index, position) in order.enumerated() {
                let date = log[position].date
                let second = Int(date.timeIntervalSince1970)
                let localDay = (second + zone.utcOffsetSeconds(at: date)).floorDivided(by: 86_400)
                if localDay != day {
                    day = localDay
                    dayText = Array(CalendarDay(number: localDay).description.utf8)
                }
                let start = output.count
                let piece = pieces[index]
                dayText.withUnsafeBufferPointer { output.append($0) }
                append(nameColumns[Int(piece.name)])
                append(amountColumns[Int(piece.amount)])
                if piece.store >= 0 { append(storeColumns[Int(piece.store)]) }
                if let width, output.count - start > width {
                    // Only a line with more bytes than cells could be too wide: measure it in cells.
                    let line = output.text(from: start)
                    if cellWidth(of: line) > width {
                        output.removeSubrange(from: start)
                        output.append(CellText.clip(line, to: width))
                    }
                }
                output.append(UInt8(ascii: "\n"))
                output.flushIfFull()
            }
        }
        output.append(UInt8(ascii: "\n"))
        output.append(HumanOutput.fitted(summary(totals) + "\n", width: width))
    }

    /// `12 purchases, 45.60 in total` and, when some have no price, how many are not in the total.
    static func summary(_ totals: PurchaseTotals) -> String {
        var text = HumanOutput.count(totals.purchases, "purchase", "purchases") + ", \(totals.total) in total"
        if totals.unpriced > 0 {
            text += " (\(totals.unpriced) without a price, not counted)"
        }
        return text
    }

    /// `history --json`: the purchases (`log`'s at the positions `order` names), each with its line total.
    static func historyJSON(_ log: [Purchase], order: [Int], to output: inout StreamedOutput) {
        var writer = JSONWriter(pretty: true, compactEmptyContainers: true, capacity: StreamedOutput.pieceSize + 1024)
        writer.beginArray()
        for position in order {
            writer.purchase(log[position], withLineTotal: true)
            if writer.pendingCount >= StreamedOutput.pieceSize {
                writer.drain { output.append($0) }
                output.flushIfFull()
            }
        }
        writer.endArray()
        writer.appendNewline()
        writer.drain { output.append($0) }
    }

    /// `history --format csv`: `date,name,quantity,price,lineTotal,store,priceUnit,by`, dates ISO 8601 UTC;
    /// the quantity as shown (`2`, `1.5 kg`), the price per `priceUnit` (empty: per piece).
    static func historyCSV(_ log: [Purchase], order: [Int], to output: inout StreamedOutput) {
        output.append("date,name,quantity,price,lineTotal,store,priceUnit,by\r\n")
        for position in order {
            let purchase = log[position]
            var line =
                DateText.iso8601UTC(purchase.date) + "," + ScriptOutput.csvField(purchase.name)
                + "," + ScriptOutput.csvField(purchase.amount.description) + ","
            line += (purchase.price?.description ?? "") + "," + (purchase.lineTotal?.description ?? "") + ","
            line += ScriptOutput.csvField(purchase.store ?? "") + "," + (purchase.priceUnit.priceUnitSymbol ?? "")
            line += "," + ScriptOutput.csvField(purchase.by ?? "") + "\r\n"
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
            pad(header.0, labelWidth) + "  " + padLeft(header.1, countWidth) + "  " + padLeft(header.2, totalWidth)
        ]
        for (index, row) in rows.enumerated() {
            var line =
                pad(CellText.truncate(labels[index], to: labelWidth), labelWidth) + "  "
                + padLeft(counts[index], countWidth)
            line += "  " + padLeft(totals[index], totalWidth)
            if anyUnpriced { line += "  " + pad(unpriced[index], unpricedWidth) }
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
        var writer = JSONWriter(pretty: true, compactEmptyContainers: true, capacity: 64 + rows.count * 160)
        writer.beginArray()
        for row in rows {
            writer.beginObject()
            writer.key("from")
            writer.string(row.from.description)
            writer.key("group")
            if let group = row.group { writer.string(group) } else { writer.null() }
            writer.key("purchases")
            writer.int(row.totals.purchases)
            writer.key("total")
            writer.price(row.totals.total)
            writer.key("unpriced")
            writer.int(row.totals.unpriced)
            writer.key("until")
            writer.string(row.until.description)
            writer.endObject()
        }
        writer.endArray()
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

    fileprivate static func pad(_ text: String, _ width: Int) -> String {
        text + String(repeating: " ", count: max(0, width - cellWidth(of: text)))
    }

    private static func padLeft(_ text: String, _ width: Int) -> String {
        String(repeating: " ", count: max(0, width - cellWidth(of: text))) + text
    }
}

extension Int {
    /// Division rounding toward minus infinity (days before 1970 are negative).
    fileprivate func floorDivided(by divisor: Int) -> Int {
        self >= 0 ? self / divisor : -((-self + divisor - 1) / divisor)
    }
}
