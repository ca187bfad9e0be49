import ShopModel

/// Reading what version 6 added to the log's lines on the fast path (``DataFileDecoder/LogStrings``): a price's unit
/// and an amount with units, each shared with one read before, as most lines repeat one.
extension DataFileDecoder {
    /// A unit's symbol as `priceUnit` holds it, shared with one read before; `nil` when it is no symbol.
    mutating func internedUnit(in table: inout [(text: String, unit: MeasureUnit)]) -> MeasureUnit? {
        guard let token = try? scanner.readStringToken(), !token.hasEscapes else { return nil }
        let raw = scanner.rawBytes(token)
        for index in table.indices where Self.same(&table[index].text, raw) { return table[index].unit }
        let text = String(decoding: raw, as: UTF8.self)
        guard let first = text.first, first.isLetter, let unit = MeasureUnit(parsing: text), unit.symbol == text else {
            return nil
        }
        if table.count < LogStrings.storeLimit { table.append((text, unit)) }
        return unit
    }

    /// An amount's exact text as `quantity` holds it (`"650 g"`), shared with one read before.
    mutating func internedAmount(in table: inout [(text: String, amount: Amount)]) -> Amount? {
        guard let token = try? scanner.readStringToken(), !token.hasEscapes else { return nil }
        let raw = scanner.rawBytes(token)
        for index in table.indices where Self.same(&table[index].text, raw) { return table[index].amount }
        let text = String(decoding: raw, as: UTF8.self)
        guard let amount = Amount(exactText: text) else { return nil }
        if table.count < 64 { table.append((text, amount)) }
        return amount
    }
}
