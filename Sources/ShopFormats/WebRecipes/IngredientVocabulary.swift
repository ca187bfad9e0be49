import ShopModel

/// The words the ingredient-line parser knows: units as recipes write them, sizes, and preparations, all lowercased.
enum IngredientVocabulary {
    /// The unit a word (or two) names, as shop writes it (the symbol of SPEC 11.1 or the English word
    /// unit's singular), or `nil` when the word is no unit. `T` and `t` keep their case.
    static func unit(_ written: String) -> String? {
        if written == "T" { return "tbsp" }
        if written == "t" { return "tsp" }
        let lowered = written.lowercased()
        if let alias = aliases[lowered] { return alias.isEmpty ? nil : alias }
        guard let unit = MeasureUnit(parsing: lowered) else { return nil }
        switch unit.family {
        case .mass, .volume: return unit.symbol
        case .word: return WordUnits.english[lowered] != nil ? unit.symbol : nil
        case .count: return nil
        }
    }

    /// Spellings beyond SPEC 11.1's tables that recipe pages use.
    private static let aliases: [String: String] = [
        "c": "cup", "tbl": "tbsp", "tbls": "tbsp", "tblsp": "tbsp", "tbspn": "tbsp", "tablespoonful": "tbsp",
        "teaspoonful": "tsp", "tspn": "tsp", "pkg": "package", "pkgs": "package", "envelope": "envelope",
        "envelopes": "envelope", "container": "container", "containers": "container", "bulbs": "bulb",
        "grams": "g", "gm": "g", "gms": "g", "mls": "ml", "ltr": "l", "lt": "l", "heads": "head",
        "recipe": "recipe", "recipes": "recipe", "quarts": "quart", "pinches": "pinch", "dashes": "dash",
        "handfuls": "handful", "ounce": "oz",
        "stalks": "stalk", "ribs": "rib", "rib": "rib", "cloves": "clove", "sprigs": "sprig", "bunches": "bunch",
        "balls": "ball", "ball": "ball", "batch": "batch", "batches": "batch", "sleeve": "sleeve",
        "sleeves": "sleeve", "tb": "tbsp", "stem": "stem", "stems": "stem", "branch": "branch",
        "branches": "branch", "spear": "spear", "spears": "spear", "stick": "stick", "sticks": "stick",
        // Words a table takes for units but recipes use as names.
        "item": "", "items": "", "glass": "", "link": "", "links": "", "pot": "", "fillet": "", "fillets": "",
    ]

    /// Units that are containers: a product bought in one keeps its preparation in its name (`1 can
    /// diced tomatoes`), and one after a measure is that measure's pack (`1 15-oz can`).
    static let containers: Set<String> = ["can", "tin", "jar", "package", "packet", "bag", "box", "carton"]

    /// Words of size (`2 large onions`).
    static let sizes: Set<String> = [
        "large", "medium", "small", "big", "lg", "sm", "med", "extra-large", "jumbo", "medium-size", "medium-sized",
        "small-medium", "medium-large", "large-size", "heaping", "heaped", "level", "scant", "generous",
        "rounded", "hefty", "x-large", "xl", "md", "lrg", "sized", "size", "tiny", "plump",
    ]

    /// Words that describe a unit when one follows (`2 thin slices`, `1 thick slice`).
    static let unitSizes: Set<String> = ["thin", "thick", "paper-thin", "good"]

    /// Words that make a size word stronger (`extra large eggs`, `very small shallots`).
    static let sizeAdverbs: Set<String> = ["extra", "very"]

    /// A size word, or a word of size (`taco-size`, `bite-sized`); `mini` stays in the name (`mini marshmallows`).
    static func isSize(_ word: String) -> Bool {
        sizes.contains(word) || word.hasSuffix("-size") || word.hasSuffix("-sized")
    }

    /// Words that open a line before what is bought (`finely grated zest and juice of 1 lemon`, `leaves
    /// from 2 sprigs thyme`); ``partsBought`` says which of them must be there.
    static let openingWords: Set<String> = [
        "juice", "zest", "pulp", "leaves", "stems", "the", "finely", "grated", "freshly", "squeezed", "julienned",
        "and",
    ]

    /// The part of a thing a line opens with (`juice of`, `leaves from`).
    static let partsBought: Set<String> = ["juice", "zest", "pulp", "leaves", "stems"]

    /// Units written after the name (`2 garlic cloves`, `3 celery stalks`, `1 fennel bulb`).
    static let trailingUnits: [String: String] = [
        "clove": "clove", "cloves": "clove", "stalk": "stalk", "stalks": "stalk", "sprig": "sprig",
        "sprigs": "sprig", "spear": "spear", "spears": "spear", "rib": "rib", "ribs": "rib", "bulb": "bulb",
        "bulbs": "bulb", "slice": "slice", "slices": "slice",
    ]

    /// Units of length that give the size of a piece (`3-inch piece`, `6- to 8-inch-long piece`).
    static let lengthUnits: Set<String> = ["inch", "inches", "in", "cm", "inch-long", "inch-thick", "inch-wide"]

    /// What a length measures (`1-inch piece`, `6-inch branch`).
    static let pieces: Set<String> = [
        "piece", "pieces", "knob", "chunk", "chunks", "slices", "slice", "branch", "stick", "strip", "strips",
        "lengths",
    ]

    /// Adverbs that open a preparation (`finely chopped`).
    static let preparationAdverbs: Set<String> = [
        "finely", "coarsely", "roughly", "thinly", "thickly", "freshly", "lightly", "firmly", "loosely", "very",
        "well", "freshy", "newly", "gently", "slightly", "just", "cold", "hot", "room-temperature",
    ]

    /// Words that are preparation when they stand before a name (`chopped walnuts`).
    static let preparations: Set<String> = [
        "chopped", "minced", "diced", "sliced", "grated", "shredded", "crushed", "melted", "softened", "beaten",
        "peeled", "cubed", "toasted", "drained", "rinsed", "halved", "quartered", "julienned", "mashed", "packed",
        "sifted", "trimmed", "seeded", "zested", "juiced", "torn", "crumbled", "thawed", "squeezed",
        "cooked", "deseeded", "cored", "slivered", "chilled", "warmed", "hulled", "scrubbed", "cut",
        "divided", "separated", "stemmed", "snipped", "picked", "washed", "cleaned", "skinned", "boned",
        "whisked", "uncooked", "ground", "shelled", "deveined", "shaved", "sifted", "unsifted", "cracked",
        "milled", "steamed", "strained", "poached", "popped", "pureed", "puréed", "hard-boiled", "hard-cooked",
        "soft-boiled", "shaken", "stirred", "spooned", "leveled", "levelled",
        // Not preparations, but words of state or comment that go to the note as they do.
        "additional", "lukewarm",
    ]

    /// Whether a word is a preparation: one of ``preparations``, or one joined to an adverb (`well-drained`).
    static func isPreparation(_ word: String) -> Bool {
        if preparations.contains(word) { return true }
        guard let dash = word.firstIndex(of: "-") else { return false }
        return hyphenAdverbs.contains(String(word[..<dash]))
            && preparations.contains(String(word[word.index(after: dash)...]))
    }

    /// Adverbs that join a preparation with a hyphen (`well-drained`, `rough-chopped`).
    private static let hyphenAdverbs: Set<String> = [
        "well", "rough", "roughly", "fine", "finely", "fresh", "freshly", "coarse", "coarsely", "thinly",
    ]

    /// Products named by their preparation: the preparation stays in the name (`crushed tomatoes`,
    /// `crushed red pepper`, `toasted sesame oil`, but `toasted sesame seeds`).
    static let preparedProducts: Set<String> = [
        "crushed tomatoes", "crushed tomato", "crushed red pepper", "crushed pineapple", "crushed plum",
        "crushed italian", "diced tomatoes", "diced tomato", "toasted sesame oil", "toasted dark sesame oil",
        "toasted walnut oil", "shredded coconut",
    ]

    /// Words that describe the thing and stand before a comma in a name (`boneless, skinless chicken`).
    static let leadingAdjectives: Set<String> = [
        "fresh", "ripe", "boneless", "skinless", "firm", "dry", "raw", "organic", "lean", "mild", "sweet", "young",
        "unsalted", "salted", "plain", "large", "small", "medium", "whole", "hot", "cold", "warm", "good", "bone-in",
        "skin-on", "soft", "strong", "crisp", "crusty", "canned", "dried", "smoked", "cured", "short", "fine",
        "coarse", "natural", "day-old", "light", "dark", "roasted", "pitted", "unbleached", "low-sodium",
        "reduced-sodium", "low-fat", "fat-free", "thin", "thick", "unsweetened", "sweetened", "chewy", "fruity",
        "spicy", "tart", "juicy", "creamy", "crunchy",
    ]

    /// Words that end a name: what follows is a note (`salt to taste`, `parsley for garnish`).
    static let nameEnders: Set<String> = [
        "to", "for", "plus", "about", "approximately", "approx", "such", "optional", "as", "at", "per",
    ]

    /// Words after a preparation that end a name (`tomato paste blended with water`, `butter cut into
    /// cubes`, `sugar dissolved in water`, `steak trimmed of fat`).
    static let preparationLinks: Set<String> = ["with", "in", "into", "together", "of"]
}
