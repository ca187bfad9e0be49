/// The unit of one part of an amount: a measure of mass or volume, a word unit (`can`, `bunch`), or none (a count).
///
/// Mass and volume units carry their exact size in grams or millilitres (US measures for the customary
/// volume units), so parts of one family add exactly. Word units are compared as the Cooklang parser
/// compares them (see ``WordUnits``): `cans` and `can` are one unit, so are `gousses` and `gousse`; two
/// different words are two units, never converted.
public struct MeasureUnit: Hashable, Sendable, CustomStringConvertible {
    /// What a unit measures; amounts add only within one family.
    public enum Family: Hashable, Sendable {
        /// Pieces: no unit.
        case count
        /// Grams and what converts to them.
        case mass
        /// Millilitres and what converts to them.
        case volume
        /// A unit of its own, by its key (``WordUnits/key(_:)``: `can`, `bunch`, `gousse`).
        case word(String)
    }

    /// The canonical symbol (`g`, `kg`, `fl oz`, `can`); empty for a count.
    public let symbol: String
    /// The family the unit belongs to.
    public let family: Family
    /// The unit's size in the family's base unit (grams or millilitres); one for counts and word units.
    public let sizeInBaseUnit: ExactNumber

    private init(symbol: String, family: Family, sizeInBaseUnit: ExactNumber) {
        self.symbol = symbol
        self.family = family
        self.sizeInBaseUnit = sizeInBaseUnit
    }

    /// A count: no unit.
    public static let count = MeasureUnit(symbol: "", family: .count, sizeInBaseUnit: .one)

    /// A word unit, by the word as typed (see ``init(parsing:)``).
    public static func word(_ word: String) -> MeasureUnit {
        MeasureUnit(parsing: word) ?? .count
    }

    /// The symbol as shown.
    public var description: String { symbol }

    /// Whether this is a word unit (`can`, `gousse`), not a measure or a count.
    public var isWord: Bool {
        if case .word = family { return true }
        return false
    }

    /// Whether this is the count "unit" (no unit).
    public var isCount: Bool { family == .count }

    /// The unit a price is given per: one piece, a kilogram, a litre, or one of the word unit.
    public var pricingUnit: MeasureUnit {
        switch family {
        case .mass: MeasureUnit.kilogram
        case .volume: MeasureUnit.litre
        case .count, .word: self
        }
    }

    /// The larger metric unit a part moves to once it reaches 1000 (`g` → `kg`, `ml` → `l`).
    var largerMetricUnit: MeasureUnit? {
        switch symbol {
        case "g": MeasureUnit.kilogram
        case "ml", "cl", "dl": MeasureUnit.litre
        default: nil
        }
    }

    /// Looked up once: amounts are shown by the thousand.
    static let kilogram = named["kg"]!
    static let litre = named["l"]!

    // MARK: - The measures

    static let named: [String: MeasureUnit] = {
        var table: [String: MeasureUnit] = [:]
        for (symbol, family, scaled, places) in definitions {
            table[symbol] = MeasureUnit(
                symbol: symbol, family: family, sizeInBaseUnit: ExactNumber(scaled: scaled, places: places))
        }
        return table
    }()

    /// The exact definitions: symbol, family, size in grams or millilitres as scaled digits.
    /// US customary volume: 1 gallon = 231 cubic inches = 3785.411784 ml; the others are its fractions.
    private static let definitions: [(String, Family, Int128, Int)] = [
        ("g", .mass, 1, 0),
        ("kg", .mass, 1000, 0),
        ("oz", .mass, 28_349_523_125, 9),  // avoirdupois ounce
        ("lb", .mass, 45_359_237, 5),  // 453.59237 g
        ("ml", .volume, 1, 0),
        ("cl", .volume, 10, 0),
        ("dl", .volume, 100, 0),
        ("l", .volume, 1000, 0),
        ("tsp", .volume, 492_892_159_375, 11),  // gallon / 768
        ("tbsp", .volume, 1_478_676_478_125, 11),  // gallon / 256
        ("fl oz", .volume, 295_735_295_625, 10),  // gallon / 128
        ("cup", .volume, 2_365_882_365, 7),  // gallon / 16
        ("pint", .volume, 473_176_473, 6),  // gallon / 8
        ("quart", .volume, 946_352_946, 6),  // gallon / 4
        ("gallon", .volume, 3_785_411_784, 6),
    ]

    /// The measures whose symbol is an English word, and so takes a plural.
    private static let pluralMeasures: Set<String> = ["cup", "pint", "quart", "gallon"]

    /// The spellings people type, lowercased, to canonical symbols.
    private static let spellings: [String: String] = {
        let groups: [String: [String]] = [
            "g": ["g", "gr", "gram", "grams", "gramme", "grammes"],
            "kg": ["kg", "kgs", "kilo", "kilos", "kilogram", "kilograms", "kilogramme", "kilogrammes"],
            "oz": ["oz", "ounce", "ounces"],
            "lb": ["lb", "lbs", "pound", "pounds"],
            "ml": ["ml", "milliliter", "milliliters", "millilitre", "millilitres"],
            "cl": ["cl", "centiliter", "centiliters", "centilitre", "centilitres"],
            "dl": ["dl", "deciliter", "deciliters", "decilitre", "decilitres"],
            "l": ["l", "liter", "liters", "litre", "litres"],
            "tsp": ["tsp", "tsps", "teaspoon", "teaspoons"],
            "tbsp": ["tbsp", "tbsps", "tbs", "tablespoon", "tablespoons"],
            "fl oz": ["fl oz", "fl. oz", "fl. oz.", "floz", "fluid ounce", "fluid ounces"],
            "cup": ["cup", "cups"],
            "pint": ["pint", "pints", "pt"],
            "quart": ["quart", "quarts", "qt"],
            "gallon": ["gallon", "gallons", "gal"],
        ]
        var table: [String: String] = [:]
        for (symbol, words) in groups {
            for word in words { table[word] = symbol }
        }
        return table
    }()

    /// The unit a typed word names: a measure by any of its spellings, a word of the English table by
    /// its singular, else the word as written; `nil` for an empty word. Case is ignored except for `T`
    /// (tablespoon) and `t` (teaspoon), as the Cooklang parser reads them; inner white space is collapsed
    /// (`fl  oz`). No rule is checked here (see ``validated(_:)``).
    public init?(parsing text: some StringProtocol) {
        let words = text.split(whereSeparator: { $0 == " " || $0 == "\t" })
        guard !words.isEmpty else { return nil }
        let written = words.joined(separator: " ")
        if let symbol = Self.caseSensitiveSpellings[written], let unit = Self.named[symbol] {
            self = unit
            return
        }
        let spelled = written.lowercased()
        if let symbol = Self.spellings[spelled], let unit = Self.named[symbol] {
            self = unit
        } else if let singular = WordUnits.english[spelled] {
            self = MeasureUnit(symbol: singular, family: .word(singular), sizeInBaseUnit: .one)
        } else {
            self = MeasureUnit(symbol: written, family: .word(WordUnits.key(spelled)), sizeInBaseUnit: .one)
        }
    }

    /// The spellings whose case matters: `T` is a tablespoon and `t` a teaspoon.
    private static let caseSensitiveSpellings: [String: String] = ["T": "tbsp", "t": "tsp"]

    /// The longest unit accepted, in `Character`s (rule 1 holds names to 200; a unit is a word or two).
    public static let maximumLength = 60

    /// The unit of a recipe, a plan or `-q`, checked as names are (rule 1): no control character, at most
    /// ``maximumLength`` characters, and no `+`, which joins the parts of an amount in the data file.
    /// - Throws: ``ShopError/invalidUnit(_:problem:)``.
    public static func validated(_ text: some StringProtocol) throws(ShopError) -> MeasureUnit? {
        let written = String(text)
        if Validation.containsControlCharacter(written, allowingLineBreaks: false) {
            throw .invalidUnit(written, problem: .controlCharacter)
        }
        if written.count > maximumLength { throw .invalidUnit(written, problem: .tooLong(length: written.count)) }
        if written.contains("+") { throw .invalidUnit(written, problem: .plusSign) }
        return MeasureUnit(parsing: written)
    }

    /// The form shown after a number: abbreviations as they are (`500 g`); English words in the plural when the number
    /// is not one (`2 cups`, `3 cans`); any other word as written (`3 gousses`, `1 branche`).
    func shown(forOne isOne: Bool) -> String {
        guard !isOne else { return symbol }
        if Self.pluralMeasures.contains(symbol) { return symbol + "s" }
        guard case .word = family, let plural = WordUnits.plurals[symbol] else { return symbol }
        return plural
    }
}
