/// The fields of an item that SPEC section 18 added, at their defaults when absent.
package struct StockFields: Hashable, Sendable {
    package var stock = false
    package var keeps: Int?
    package var keepsOpen: Int?
    package var minStock: Amount.Part?

    package init(stock: Bool = false, keeps: Int? = nil, keepsOpen: Int? = nil, minStock: Amount.Part? = nil) {
        self.stock = stock
        self.keeps = keeps
        self.keepsOpen = keepsOpen
        self.minStock = minStock
    }

    package static let defaults = StockFields()
}

/// ``StockFields`` behind one reference, never mutated (a change makes a new box).
final class StockFieldsBox: Sendable {
    let value: StockFields
    init(_ value: StockFields) { self.value = value }
}

extension Item {
    /// Whether shop keeps track of the item at home (`--stock`): its purchases are lots (SPEC section 18).
    public var stock: Bool {
        get { stocking?.value.stock ?? false }
        set { changeStocking { $0.stock = newValue } }
    }

    /// Its usual shelf life in days (`--keeps`): a bought lot's best-before when none is given.
    public var keeps: Int? {
        get { stocking?.value.keeps }
        set { changeStocking { $0.keeps = newValue } }
    }

    /// The days it lasts once opened (`--keeps-open`): `open` moves the lot's best-before no later than that.
    public var keepsOpen: Int? {
        get { stocking?.value.keepsOpen }
        set { changeStocking { $0.keepsOpen = newValue } }
    }

    /// Below this much at home, `restock` puts the missing amount on the list (`--min-stock`).
    public var minStock: Amount.Part? {
        get { stocking?.value.minStock }
        set { changeStocking { $0.minStock = newValue } }
    }

    /// Whether any section 18 field is set (most items have none: their members need not be looked at).
    package var hasStockFields: Bool { stocking != nil }

    private mutating func changeStocking(_ change: (inout StockFields) -> Void) {
        var value = stocking?.value ?? StockFields.defaults
        change(&value)
        stocking = value == StockFields.defaults ? nil : StockFieldsBox(value)
    }
}
