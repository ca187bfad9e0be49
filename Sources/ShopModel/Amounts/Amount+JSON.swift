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
