import ShopKit

/// What a receipt says about a purchase, as `buy` takes it: the unit price or the line total paid, the
/// amount bought, the day, and whether it is another purchase of that day.
struct ReceiptOptions: OptionGroup {
    var price: Result<TypedPrice, ShopError>?
    var paid: Result<Price, ShopError>?
    var quantityBought: Result<Amount, ShopError>?
    var date: TypedDay?
    var again = false

    /// `--price <price>` of `buy`: the unit price paid (``CommonOptions/price``, worded for a purchase).
    static let price = CommonOptions.price.help(
        "The unit price paid, up to four decimals: 2.49, 0.1617, 11.99/kg (kept exactly at the store).")

    /// `--paid <total>`: the line total from the receipt.
    static let paid = OptionKey.number(
        "paid", value: "<total>", help: "The line total paid, from the receipt (the unit price is it over the amount).",
        decimalComma: true, parse: Validation.price)

    /// `buy -q <amount>`: what was bought, replacing what the list showed (`add -q` is ``CommonOptions/quantity``).
    static let quantityBought = OptionKey.amount(
        "quantity", short: "q", value: "<amount>",
        help: "What was bought, replacing what the list showed: 2, 650g, '1.5 kg', '2 packs'.")

    /// `--date <YYYY-MM-DD>`: a receipt entered later.
    static let date = OptionKey.day(
        "date", help: "The day it was bought (default: now; also yesterday), for receipts entered later.")

    /// `--again`: log another purchase of an item already bought that day.
    static let again = OptionKey<Bool>.flag("again", help: "Log another purchase of an item already bought that day.")

    static var bindings: [OptionBinding<ReceiptOptions>] {
        [
            .init(price, \.price), .init(paid, \.paid), .init(quantityBought, \.quantityBought), .init(date, \.date),
            .init(again, \.again),
        ]
    }
}
