import ShopKit

/// The options several commands share, each declared once with its value parser, so two commands never
/// describe or read a value differently. A command's own options are declared in its file.
enum CommonOptions {
    /// `--json`, read by every command that has it; each declares it with its own help (``json(_:)``).
    static let json = Self.json("the result")

    /// `--json` with help naming what it prints.
    static func json(_ what: String) -> OptionKey<Bool> { .flag("json", help: "Print \(what) as JSON.") }

    /// `--all`: every item instead of names (`buy --all`, `available --all`); each command words its help.
    static let all = OptionKey<Bool>.flag("all", help: "Every item.")

    /// `-q, --quantity <amount>` of `add` and `edit`, how much to buy: a count (`2`, `1/2`) or an amount with a unit
    /// (`500g`, `"1.5 kg"`, `"3 cans"`). A word with no number in it is a usage error (exit 64); an amount out of
    /// range or malformed is refused where it is applied (exit 1). `buy -q` is ``ReceiptOptions/quantityBought``.
    static let quantity = OptionKey.amount(
        "quantity", short: "q", value: "<amount>",
        help: "How much to buy: a count (2, 1/2) or an amount with a unit (500g, '1.5 kg', '3 cans'). "
            + "See 'Amounts' in the manual.")

    /// `--pantry` of `add` and `edit`: a staple that recipes never put on the list.
    static let pantry = OptionKey<Bool>.flag(
        "pantry", help: "A pantry staple (salt, oil): recipes never put it on the list.")

    /// `-l, --location <location>` of `add` and `edit`: a location name, resolved under the lock.
    static let location = OptionKey<String>.string(
        "location", short: "l", value: "<location>", help: "Where in the shop it is found (a location name).")

    /// `--price <price>[/<unit>]`: a word is a usage error; a negative price, one with five decimals (three for an
    /// item's own price), or a `/` without a unit after it is refused where it is applied (exit 1). See ``TypedPrice``.
    static let price = OptionKey.typedPrice(
        "price", value: "<price>",
        help: "The price in cents, such as 2.49 (per piece, kg, litre or pack, as the amount is), or per a unit: "
            + "11.99/kg, 3.49/pack, 0.79/head.")

    /// `--pack <amount>` of `add` and `edit`: the pack size it is bought in (`250g`, `12`, `"1 l"`).
    static let pack = OptionKey.amount(
        "pack", value: "<amount>",
        help: "Bought in packs of this size (250g, 12): the list shows whole packs to buy, with the need beside.")

    /// `--star` of `add` and `edit`.
    static let star = OptionKey<Bool>.flag("star", help: "Mark it as a favourite.")

    /// `--note <text>` of `add` and `edit`; a blank note clears it (`nil`).
    static let note = OptionKey.parsed(
        "note", value: "<text>", help: "A note to keep with it.", parse: Validation.note)

    /// `--every <days>|auto` of `add` and `edit`.
    static let every = OptionKey<RestockInterval>.every(
        help: "Put it back on the list every so many days, or 'auto' to learn the interval from its purchases "
            + "(see 'shop restock').")

    /// `--name <name>`: a new name, for `edit`, `location edit` and `store edit`.
    static let name = OptionKey<String>.string("name", value: "<name>", help: "A new name.")

    /// `--order <n>` of `location add` and `location edit`; ShopKit checks the range.
    static let order = OptionKey<Int>.integer(
        "order", value: "<n>", help: "Visitation order, 1-100: lower ones are walked first.")

    /// `--color <color>` of `location add` and `location edit`.
    static let color = OptionKey.parsed(
        "color", value: "<color>", help: "Its colour: #rrggbb, #rrggbbaa or a basic colour name.",
        parse: Validation.color)
}

extension OptionKey where Value == RestockInterval {
    /// `--every <days>`: a whole number (checked against 1...3650 later), or `auto` (``RestockInterval/learned``).
    static func every(help: String) -> OptionKey {
        var spec = OptionSpec(long: "every", short: nil, valueName: "<days>", kind: .integer, help: help)
        spec.keywords = [RestockInterval.learnedWord]
        return OptionKey(spec: spec) { word in
            if word == RestockInterval.learnedWord { return .value(RestockInterval.learned) }
            switch NumberWord.decodeWholeNumber(word, option: "--every", help: help) {
            case .value(let days): return .value(RestockInterval.days(days))
            // The grammar is days or the keyword (SPEC 16): the hint names both.
            case .malformed: return .malformed(expected: "a number of days or 'auto'")
            case .refused(let report): return .refused(report)
            }
        }
    }
}

extension OptionKey where Value == Result<Amount, ShopError> {
    /// An option taking an amount (`-q 500g`); see ``CommonOptions/quantity``.
    static func amount(_ long: String, short: Character? = nil, value: String, help: String) -> OptionKey {
        OptionKey(spec: OptionSpec(long: long, short: short, valueName: value, kind: .string, help: help)) { word in
            // A word with no digit at all ("many") is the wrong shape, as it was for a count.
            guard word.contains(where: \.isNumber) else {
                return .malformed(expected: "a number or an amount such as 500g")
            }
            let amount = Result { () throws(ShopError) in try Validation.amount(word) }
            // `12x`, `1e9`: a number followed by what is no unit is the wrong shape too (SPEC 11.1).
            if case .failure(.invalidAmount(_, .notANumber)) = amount {
                return .malformed(expected: "a number or an amount such as 500g or \"3 cans\"")
            }
            return .value(amount)
        }
    }
}

extension OptionKey where Value == Result<TypedPrice, ShopError> {
    /// `--price <price>`: a price, optionally per a unit (`11.99/kg`). A word that does not start like a
    /// number (`abc`) is a usage error (exit 64); a bad number or unit is refused where it is applied (exit 1).
    static func typedPrice(_ long: String, value: String, help: String) -> OptionKey {
        OptionKey(spec: OptionSpec(long: long, valueName: value, kind: .number, help: help)) { given in
            // A decimal comma is money's too (SPEC 16): `1,19`.
            let word = NumberWord.withDecimalPoint(given)
            let number = word.split(separator: "/", maxSplits: 1, omittingEmptySubsequences: false).first ?? ""
            guard NumberWord.isNumber(String(number)) else {
                return .malformed(expected: "a price such as 2.49 or 11.99/kg")
            }
            return .value(Result { () throws(ShopError) in try TypedPrice(parsing: word) })
        }
    }
}
