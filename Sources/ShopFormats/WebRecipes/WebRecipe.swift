/// A schema.org `Recipe` read from a web page (SPEC section 19), its text cleaned as a browser shows it.
public struct WebRecipe: Hashable, Sendable {
    /// One piece of the method, in the page's order.
    public enum Step: Hashable, Sendable {
        /// A `HowToSection`'s name: the steps after it belong to it (a Cooklang section).
        case section(String)
        /// One step's text.
        case text(String)
    }

    /// The recipe's name (`name`), or the page's heading when the data has none.
    public var title: String
    /// `recipeYield` as the page writes it (`4`, `4 servings`, `Makes 12`), or `nil`.
    public var yield: String?
    /// The recipe's own address (`url`), if the data gives one.
    public var url: String?
    /// Preparation, cooking and total time in minutes, when given as ISO 8601 durations.
    public var prepMinutes: Int?
    /// Cooking time in minutes.
    public var cookMinutes: Int?
    /// Total time in minutes.
    public var totalMinutes: Int?
    /// The ingredient lines, cleaned, empty ones dropped, in the page's order.
    public var ingredientLines: [String]
    /// The method.
    public var steps: [Step]

    /// A recipe with these parts.
    public init(
        title: String, yield: String? = nil, url: String? = nil, prepMinutes: Int? = nil, cookMinutes: Int? = nil,
        totalMinutes: Int? = nil, ingredientLines: [String], steps: [Step]
    ) {
        self.title = title
        self.yield = yield
        self.url = url
        self.prepMinutes = prepMinutes
        self.cookMinutes = cookMinutes
        self.totalMinutes = totalMinutes
        self.ingredientLines = ingredientLines
        self.steps = steps
    }

    /// The number of servings `yield` names: its first whole number (`Serves 4-6` → 4), or `nil`.
    public var servings: Int? {
        guard let yield else { return nil }
        var digits = ""
        for character in yield {
            if character.isASCII, character.isNumber {
                digits.append(character)
                if digits.count > 4 { return nil }
            } else if !digits.isEmpty {
                break
            }
        }
        guard let number = Int(digits), number > 0 else { return nil }
        return number
    }

    /// Minutes in an ISO 8601 duration (`PT1H30M`, `P0DT0H20M`, `PT90M`), or `nil` for none or another text.
    static func minutes(inDuration text: String) -> Int? {
        let upper = text.uppercased()
        guard upper.hasPrefix("P") else { return nil }
        var total = 0
        var number = ""
        var inTime = false
        for character in upper.dropFirst() {
            if character.isASCII, character.isNumber || character == "." {
                number.append(character)
                guard number.count <= 6 else { return nil }
                continue
            }
            if character == "T" {
                inTime = true
                continue
            }
            let value = Int(Double(number) ?? 0)
            number = ""
            switch (character, inTime) {
            case ("D", false): total += value * 24 * 60
            case ("H", true): total += value * 60
            case ("M", true): total += value
            case ("S", true): total += value / 60
            default: return nil
            }
        }
        guard number.isEmpty, total > 0 else { return nil }
        return total
    }
}
