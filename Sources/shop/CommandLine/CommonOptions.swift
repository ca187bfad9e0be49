import ShopKit

/// The options several commands share, each declared once with its value parser, so two commands never
/// describe or read a value differently. A command's own options are declared in its file.
enum CommonOptions {
    /// `--json`, read by every command that has it; each declares it with its own help (``json(_:)``).
    static let json = OptionKey<Bool>.json("the result")

    /// `--json` with help naming what it prints.
    static func json(_ what: String) -> OptionKey<Bool> { .json(what) }

    /// `--all`: every item instead of names (`buy --all`, `available --all`); each command words its help.
    static let all = OptionKey<Bool>.flag("all", help: "Every item.")

    /// `-q, --quantity <n>` of `buy` (how many were bought); the range is checked where it is applied.
    static let quantity = OptionKey<Int>.integer(
        "quantity", short: "q", value: "<n>", help: "How many to buy (1-9999).")

    /// `-q, --quantity <amount>` of `add` and `edit`: a count (`2`, `1/2`) or an amount with a unit
    /// (`500g`, `"1.5 kg"`, `"3 cans"`). A word with no number in it is a usage error (exit 64); an amount
    /// out of range or malformed is refused where it is applied (exit 1).
    static let amount = OptionKey.amount(
        "quantity", short: "q", value: "<amount>",
        help: "How much to buy: a count (2, 1/2) or an amount with a unit (500g, '1.5 kg', '3 cans'). "
            + "See 'Amounts' in the manual.")

    /// `--pantry` of `add` and `edit`: a staple that recipes never put on the list.
    static let pantry = OptionKey<Bool>.flag(
        "pantry", help: "A pantry staple (salt, oil): recipes never put it on the list.")

    /// `-l, --location <location>` of `add` and `edit`: a location name, resolved under the lock.
    static let location = OptionKey<String>.string(
        "location", short: "l", value: "<location>", help: "Where in the shop it is found (a location name).")

    /// `--price <price>`: a word is a usage error; a negative price or one with three decimals is refused
    /// where it is applied (exit 1).
    static let price = OptionKey.number(
        "price", value: "<price>", help: "The unit price, such as 2.49.", parse: Validation.price)

    /// `--star` of `add` and `edit`.
    static let star = OptionKey<Bool>.flag("star", help: "Mark it as a favourite.")

    /// `--note <text>` of `add` and `edit`; a blank note clears it (`nil`).
    static let note = OptionKey.parsed(
        "note", value: "<text>", help: "A note to keep with it.", parse: Validation.note)

    /// `--every <days>|auto` of `add` and `edit`.
    static let every = OptionKey<RestockEvery>.every(
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

    /// `--since <YYYY-MM-DD>` of `history` and `spending`.
    static let since = OptionKey.day("since", help: "Only purchases on or after this day (local time).")

    /// `--until <YYYY-MM-DD>` of `history` and `spending`.
    static let until = OptionKey.day("until", help: "Only purchases on or before this day (local time).")
}

/// `--every`'s value: a number of days, or `auto` (learn the interval from the purchases).
enum RestockEvery: Sendable, Hashable {
    /// Every so many days (checked against 1...3650 where it is applied).
    case days(Int)
    /// Learned from the purchase log.
    case auto
}

extension OptionKey where Value == RestockEvery {
    /// `--every <days>`: a whole number, or the keyword `auto`.
    static func every(help: String) -> OptionKey {
        var spec = OptionSpec(long: "every", short: nil, valueName: "<days>", kind: .integer, help: help)
        spec.keywords = ["auto"]
        spec.decode = { word in
            if word == "auto" { return .value(RestockEvery.auto) }
            switch NumberWord.decodeWholeNumber(word, option: "--every", help: help) {
            case .value(let days as Int): return .value(RestockEvery.days(days))
            case let other: return other
            }
        }
        return OptionKey(spec: spec)
    }
}

/// A day option's word that names no day: not shaped like a date (a usage error) or no day of the
/// calendar (exit 1). The command reports it when it reads the day (``CommandContext/day(_:)``).
struct DayProblem: Error, Sendable {
    /// The word as given.
    var word: String
    /// What is wrong with it.
    var failure: CalendarDay.ParseFailure
}

extension OptionKey where Value == Result<CalendarDay, DayProblem> {
    /// An option taking a day, `--since <YYYY-MM-DD>`.
    static func day(_ long: String, help: String) -> OptionKey {
        .parsed(long, value: "<YYYY-MM-DD>", help: help) { (word) throws(DayProblem) -> CalendarDay in
            switch CalendarDay.parse(word) {
            case .success(let day): return day
            case .failure(let failure): throw DayProblem(word: word, failure: failure)
            }
        }
    }
}

extension OptionKey where Value == Result<Amount, ShopError> {
    /// An option taking an amount (`-q 500g`); see ``CommonOptions/amount``.
    static func amount(_ long: String, short: Character, value: String, help: String) -> OptionKey {
        OptionKey(
            spec: OptionSpec(
                long: long, short: short, valueName: value, kind: .string, help: help,
                decode: { word in
                    // A word with no digit at all ("many") is the wrong shape, as it was for a count.
                    guard word.contains(where: \.isNumber) else { return .malformed(expected: "a number or an amount such as 500g") }
                    let amount = Result { () throws(ShopError) in try Validation.amount(word) }
                    // `12x`, `1e9`: a number followed by what is no unit is the wrong shape too (SPEC 11.1).
                    if case .failure(.invalidAmount(_, .notANumber)) = amount {
                        return .malformed(expected: "a number or an amount such as 500g or \"3 cans\"")
                    }
                    return .value(amount)
                }))
    }
}
