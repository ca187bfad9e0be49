/// The unit of one part of an amount: a measure of mass or volume, a word unit (`can`, `bunch`), or none
/// (a count).
///
/// Mass and volume units carry their exact size in grams or millilitres (US measures for the customary
/// volume units), so parts of one family add exactly. Word units are compared by their singular form:
/// `cans` and `can` are one unit; two different words are two units, never converted.
public struct MeasureUnit: Hashable, Sendable, CustomStringConvertible {
    /// What a unit measures; amounts add only within one family.
    public enum Family: Hashable, Sendable {
        /// Pieces: no unit.
        case count
        /// Grams and what converts to them.
        case mass
        /// Millilitres and what converts to them.
        case volume
        /// A unit of its own, by its singular word (`can`, `bunch`).
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

    /// A word unit, by the word as typed; its plural and singular forms are one unit.
    public static func word(_ word: String) -> MeasureUnit {
        let singular = singularForm(of: word.lowercased())
        return MeasureUnit(symbol: singular, family: .word(singular), sizeInBaseUnit: .one)
    }

    /// The symbol as shown.
    public var description: String { symbol }

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

    /// The units prices are per and parts grow into, looked up once (amounts are shown by the thousand).
    static let kilogram = named["kg"]!
    static let litre = named["l"]!

    // MARK: - The measures

    /// Every measure by canonical symbol.
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

    /// The unit a typed word names: a measure by any of its spellings, else a word unit; `nil` for an
    /// empty word. Case is ignored, inner white space is collapsed (`fl  oz`).
    public init?(parsing text: some StringProtocol) {
        let words = text.lowercased().split(whereSeparator: { $0 == " " || $0 == "\t" })
        guard !words.isEmpty else { return nil }
        let spelled = words.joined(separator: " ")
        if let symbol = Self.spellings[spelled], let unit = Self.named[symbol] {
            self = unit
        } else {
            self = .word(spelled)
        }
    }

    /// `cans` → `can`, `bunches` → `bunch`, `cloves` → `clove`, `leaves` → `leaf`; other words as given.
    static func singularForm(of word: String) -> String {
        guard word.count > 3, word.hasSuffix("s"), !word.hasSuffix("ss") else { return word }
        if word.hasSuffix("ches") || word.hasSuffix("shes") || word.hasSuffix("xes") || word.hasSuffix("sses") {
            return String(word.dropLast(2))
        }
        if word.hasSuffix("ies") { return String(word.dropLast(3)) + "y" }  // berries → berry
        if word.hasSuffix("aves") { return String(word.dropLast(3)) + "f" }  // leaves → leaf, loaves → loaf
        return String(word.dropLast())
    }

    /// The form shown after a number: abbreviations as they are (`500 g`, `2 tbsp`); measures named by a
    /// word and word units in the plural when the number is not one (`1 cup`, `2 cups`, `3 cans`).
    func shown(forOne isOne: Bool) -> String {
        guard !isOne else { return symbol }
        if Self.pluralMeasures.contains(symbol) { return symbol + "s" }
        guard case .word(let singular) = family else { return symbol }
        if singular.hasSuffix("ch") || singular.hasSuffix("sh") || singular.hasSuffix("x")
            || singular.hasSuffix("s")
        {
            return singular + "es"
        }
        if singular.hasSuffix("af") { return singular.dropLast() + "ves" }  // leaf → leaves
        if singular.hasSuffix("y"), let beforeY = singular.dropLast().last, !"aeiou".contains(beforeY) {
            return singular.dropLast() + "ies"
        }
        return singular + "s"
    }
}
