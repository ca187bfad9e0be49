import ShopJSON

/// An amount's part in `--json` output (SPEC section 11.1), as `list` shows it.
extension JSONWriter {
    /// The part's number as shown: a whole count as an integer, else a decimal to three places.
    public mutating func amountNumber(_ part: Amount.Part) {
        let shown = Amount.shownNumber(of: part)
        if shown.isWhole, let whole = Int(exactly: shown.numerator) {
            int(whole)
        } else {
            number(raw: shown.text(places: 3))
        }
    }

    /// The part's unit as shown (`kg`, `cup`), or null for a count.
    public mutating func amountUnit(_ part: Amount.Part) {
        let shown = part.shown
        if shown.unit.isCount { null() } else { string(shown.unit.symbol) }
    }

    /// One part of an amount as `{"quantity", "unit"}` (an element of `"amounts"`, a `"pack"`).
    mutating func amountObject(
        _ part: Amount.Part, _ keys: RecordLayout<ItemKey>, _ more: RecordLayout<ItemOutputKey>
    ) {
        beginObject()
        key(.quantity, in: keys)
        amountNumber(part)
        key(.unit, in: more)
        amountUnit(part)
        endObject()
    }
}

extension JSONWriter {
    /// An amount as the data file holds it: a whole count as a number, anything else its exact text.
    package mutating func amount(_ amount: Amount) {
        if let count = amount.wholeCount {
            int(count)
        } else {
            string(amount.exactText)
        }
    }
}

extension JSONWriter {
    /// Writes a unit price in its shortest form (as ``UnitPrice/jsonNumber``) without building a string.
    public mutating func unitPrice(_ price: UnitPrice) {
        beforeValue()
        appendDecimal(price.tenThousandths / 10_000)
        var fraction = price.tenThousandths % 10_000
        guard fraction != 0 else { return }
        buffer.append(UInt8(ascii: "."))
        var divisor = 1000
        while fraction != 0 {
            buffer.append(UInt8(ascii: "0") + UInt8(fraction / divisor))
            fraction %= divisor
            divisor /= 10
        }
    }
}
