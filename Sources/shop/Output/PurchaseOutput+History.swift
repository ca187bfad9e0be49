import ShopKit
import ShopTools

/// `shop history` as human columns.
///
/// Ten years of purchases are tens of thousands of lines over a few thousand names, days and prices, so
/// each distinct piece is formatted once (``HistoryPieces``), laid out once as bytes (``HistoryColumns``),
/// and the lines are assembled from them straight into the output.
extension PurchaseOutput {
    /// `shop history`: date, name, quantity × price, line total, store; then the count and the total.
    /// The purchases are the workspace's log's at the positions `order` names, in that order.
    static func history(
        _ workspace: Workspace, order: [Int], totals: PurchaseTotals, zone: DisplayZone, width: Int?,
        to output: inout StreamedOutput
    ) {
        guard !order.isEmpty else { return output.append("No purchases.\n") }
        let pieces = HistoryPieces(workspace, order: order)
        let columns = HistoryColumns(pieces, width: width)
        columns.writeLines(order, of: workspace.log.purchases, rows: pieces.rows, zone: zone, to: &output)
        output.append(UInt8(ascii: "\n"))
        output.append(HumanOutput.fitted(summary(totals) + "\n", width: width))
    }
}

/// What makes two history lines show the same quantity × price and line total.
private struct PricedAmount: Hashable {
    var amount: Amount
    var price: UnitPrice?
    var unit: MeasureUnit
    var total: Price?
}

/// The distinct names, amounts and stores of the purchases shown, each formatted once, and each line as
/// positions in those tables: one lookup per piece and purchase here, none when the lines are assembled.
private struct HistoryPieces {
    /// Each distinct name as shown, with its width in cells.
    var names: [(shown: String, width: Int)] = []
    /// Each distinct `quantity × price` and line total.
    var amounts: [(amount: String, line: String)] = []
    /// Each distinct store column (store, and who bought it when several devices did), escaped.
    var stores: [String] = []
    /// Each line's name, amount and store (-1: none), in the order shown.
    var rows: [(name: Int32, amount: Int32, store: Int32)] = []

    init(_ workspace: Workspace, order: [Int]) {
        let log = workspace.log.purchases
        let (distinctNames, nameNumbers) = workspace.list.distinctNames(at: order, in: workspace.log)
        names = distinctNames.map { name in
            let shown = Escape.forTerminal(name)
            return (shown: shown, width: cellWidth(of: shown))
        }
        var amountIndex: [PricedAmount: Int] = [:]
        // An item is mostly bought in the same amount at the same price: each name's last amount is tried first.
        var lastAmountOfName = [(key: PricedAmount, amount: Int)?](repeating: nil, count: names.count)
        // Who bought it, when the rows come from more than one device (SPEC section 12).
        // Purchases logged before devices had names (no `by`) name none, and count as no other device.
        let firstDevice = order.lazy.compactMap { log[$0].by }.first
        let showsDevice = order.contains { log[$0].by.map { $0 != firstDevice } ?? false }
        var storeIndex: [String: Int] = [:]
        var storeNames: [String] = []
        rows.reserveCapacity(order.count)
        for (index, position) in order.enumerated() {
            let name = Int(nameNumbers[index])
            let purchase = log[position]
            let key = PricedAmount(
                amount: purchase.amount, price: purchase.price, unit: purchase.priceUnit, total: purchase.lineTotal)
            let amount: Int
            if let last = lastAmountOfName[name], last.key == key {
                amount = last.amount
            } else if let known = amountIndex[key] {
                amount = known
            } else {
                amount = amounts.count
                amounts.append((PurchaseOutput.amountText(purchase), purchase.lineTotal?.description ?? "–"))
                amountIndex[key] = amount
            }
            lastAmountOfName[name] = (key, amount)
            var store = -1
            if let storeName = PurchaseOutput.storeText(purchase, withDevice: showsDevice) {
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
            rows.append((Int32(name), Int32(amount), Int32(store)))
        }
    }
}

/// Every piece of ``HistoryPieces`` padded to its column, as bytes in one buffer, so a line is a few copies of ranges
/// of it. Written there part by part (padding as spaces), not built as strings first, which costs more.
private struct HistoryColumns {
    var text: [UInt8] = []
    var names: [Range<Int>] = []
    var amounts: [Range<Int>] = []
    var stores: [Range<Int>] = []
    /// The terminal's width, if the lines are fitted to one.
    var width: Int?

    init(_ pieces: HistoryPieces, width: Int?) {
        self.width = width
        let amountWidths = pieces.amounts.map { (amount: cellWidth(of: $0.amount), line: cellWidth(of: $0.line)) }
        let amountWidth = amountWidths.map { $0.amount }.max() ?? 0
        let lineWidth = amountWidths.map { $0.line }.max() ?? 0
        var nameWidth = min(PurchaseOutput.nameColumnLimit, pieces.names.map { $0.width }.max() ?? 0)
        if let width {
            // The date, the name, then the amounts and line total must fit; the store may be cut.
            nameWidth = max(4, min(nameWidth, width - (10 + 2 + 2 + amountWidth + 2 + lineWidth)))
        }
        names = pieces.names.map { shown in
            piece {
                // `pad(cut, nameWidth)`: the name, cut to the column if wider, then spaces to fill it.
                let cut = shown.width > nameWidth ? CellText.truncate(shown.shown, to: nameWidth) : shown.shown
                $0.spaces(2)
                $0.text += cut.utf8
                $0.spaces(nameWidth - (shown.width > nameWidth ? cellWidth(of: cut) : shown.width))
            }
        }
        amounts = pieces.amounts.indices.map { index in
            piece {
                // `pad(amount, amountWidth)` and `padLeft(line, lineWidth)`.
                $0.spaces(2)
                $0.text += pieces.amounts[index].amount.utf8
                $0.spaces(amountWidth - amountWidths[index].amount)
                $0.spaces(2)
                $0.spaces(lineWidth - amountWidths[index].line)
                $0.text += pieces.amounts[index].line.utf8
            }
        }
        stores = pieces.stores.map { store in
            piece {
                $0.spaces(2)
                $0.text += store.utf8
            }
        }
    }

    /// Appends what `write` writes to ``text`` and returns where it is.
    private mutating func piece(_ write: (inout HistoryColumns) -> Void) -> Range<Int> {
        let start = text.count
        write(&self)
        return start..<text.count
    }

    private mutating func spaces(_ count: Int) {
        text.append(contentsOf: repeatElement(UInt8(ascii: " "), count: max(0, count)))
    }

    /// Writes one line a purchase: its day, then its columns, cut to ``width`` when wider.
    func writeLines(
        _ order: [Int], of log: [Purchase], rows: [(name: Int32, amount: Int32, store: Int32)], zone: DisplayZone,
        to output: inout StreamedOutput
    ) {
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
                let row = rows[index]
                dayText.withUnsafeBufferPointer { output.append($0) }
                append(names[Int(row.name)])
                append(amounts[Int(row.amount)])
                if row.store >= 0 { append(stores[Int(row.store)]) }
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
    }
}

extension Int {
    /// Division rounding toward minus infinity (days before 1970 are negative).
    fileprivate func floorDivided(by divisor: Int) -> Int {
        self >= 0 ? self / divisor : -((-self + divisor - 1) / divisor)
    }
}
