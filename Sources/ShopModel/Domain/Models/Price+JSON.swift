import ShopJSON

/// A price as a JSON number, beside ``Price/jsonNumber``: the JSON folder knows nothing of shopping, so the
/// price teaches the writer how to write it.
extension JSONWriter {
    /// Writes a price in its shortest form (`2.49`, `2.5`, `3`, as ``Price/jsonNumber``) without building a string.
    public mutating func price(_ price: Price) {
        beforeValue()
        appendDecimal(price.cents / 100)
        var fraction = price.cents % 100
        guard fraction != 0 else { return }
        buffer.append(UInt8(ascii: "."))
        buffer.append(UInt8(ascii: "0") + UInt8(fraction / 10))
        fraction %= 10
        if fraction != 0 { buffer.append(UInt8(ascii: "0") + UInt8(fraction)) }
    }
}
