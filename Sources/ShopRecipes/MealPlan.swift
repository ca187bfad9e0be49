import ShopHistory
import ShopModel

/// A meal plan in the Cooklang shopping-list format (the `.shopping-list` file of CookCLI, Cooklang
/// proposal 0016): recipe references and free-hand ingredients, one a line.
///
/// ```
/// ./Dinners/Lasagne{2}
///   ./Components/Bechamel
/// olive oil{500%ml}
/// salt -- for the pantry
/// ```
/// A reference is `./PATH` or `./PATH{MULTIPLIER}` (paths relative to the plan's folder, the `.cook`
/// extension optional); references may nest, two spaces a level, each taken with its own multiplier.
/// Free-hand ingredients (`name`, `name{quantity}`, `name{quantity%unit}`) stand at the top level only.
/// Comments are `--` to the end of a line and `[- ... -]`, which may span lines. Metadata lines
/// `>> key: value` stand at the top level; `>> week starts: saturday` sets ``weekStarts`` (SPEC 16), `>> list: Party`
/// sets ``list`` (SPEC 22), and other keys are read past, as Cooklang tools read metadata they do not use.
public struct MealPlan: Hashable, Sendable {
    /// One line of the plan.
    public enum Entry: Hashable, Sendable {
        /// A recipe to cook `multiplier` times, and the recipes nested under it.
        case recipe(RecipeReference)
        /// An ingredient to buy, not tied to a recipe.
        case ingredient(FreeHandIngredient)
    }

    /// `./PATH{MULTIPLIER}`.
    public struct RecipeReference: Hashable, Sendable {
        /// The path as written after `./` (without braces).
        public var path: String
        /// The multiplier in braces; one when absent.
        public var multiplier: ExactNumber
        /// The multiplier as written (empty when absent), so an entry is identified by its line.
        public var multiplierText: String
        /// The references indented under this one.
        public var children: [RecipeReference]
        /// The line number (from 1).
        public var line: Int
    }

    /// `name`, `name{quantity}` or `name{quantity%unit}`.
    public struct FreeHandIngredient: Hashable, Sendable {
        /// The trimmed name.
        public var name: String
        /// What stood in the braces, as written (`500%ml`), or `nil`.
        public var quantityText: String?
        /// The line number (from 1).
        public var line: Int

        /// The amount to add, when the braces hold a number (with an optional unit after `%`), read as a recipe's
        /// quantity is (``IngredientQuantity``); `nil` for none or words.
        /// - Parameter source: the plan and line, for the error.
        public func checkedAmount(source: String) throws(RecipeError) -> Amount? {
            guard let quantityText else { return nil }
            let (quantity, unit) = IngredientQuantity.quantityAndUnit(quantityText[...])
            return try IngredientQuantity.amount(quantity, unit: unit, source: source)
        }
    }

    /// The top-level entries in file order.
    public var entries: [Entry]
    /// `>> week starts: DAY`: the weekday the plan's weeks start on, when the file names one.
    public var weekStarts: Weekday?
    /// `>> list: NAME`: the list the plan's entries go on (SPEC 22), as written, when the file names one.
    public var list: String?

    /// Reads a plan.
    /// - Parameter path: the plan's path, for error messages.
    /// - Throws: ``RecipeError/invalidPlan(path:line:detail:)`` for an indentation that is not two spaces a
    ///   level, an indented ingredient, a child more than one level deeper than its parent, an empty
    ///   name or path, or a multiplier that is not a number above zero.
    public init(parsing text: String, path: String) throws(RecipeError) {
        var parser = MealPlanParser(path: path)
        entries = try parser.parse(text)
        weekStarts = parser.weekStarts
        list = parser.list
    }
}

private struct MealPlanParser {
    let path: String
    var entries: [MealPlan.Entry] = []
    /// The open references, outermost first: a line at depth d becomes a child of `open[d - 1]`.
    var open: [MealPlan.RecipeReference] = []
    var comments = CooklangComments()
    var weekStarts: Weekday?
    var list: String?

    init(path: String) { self.path = path }

    mutating func parse(_ text: String) throws(RecipeError) -> [MealPlan.Entry] {
        for (offset, rawLine) in text.cooklangLines.enumerated() {
            let lineNumber = offset + 1
            let line = comments.strip(rawLine)
            guard !line.trimmingSpaces.isEmpty else { continue }
            let indent = line.prefix { $0 == " " }.count
            guard !line.dropFirst(indent).hasPrefix("\t") else {
                throw fail(lineNumber, "indent with two spaces a level, not tabs")
            }
            guard indent % 2 == 0 else { throw fail(lineNumber, "an indent of \(indent) spaces; use two a level") }
            let depth = indent / 2
            guard depth <= open.count else {
                throw fail(lineNumber, "indented deeper than the line above allows")
            }
            let content = line.dropFirst(indent).trimmingSpaces
            if content.hasPrefix(">>") {
                guard depth == 0 else { throw fail(lineNumber, "metadata (>> key: value) may not be indented") }
                try metadata(content.dropFirst(2), line: lineNumber)
                continue
            }
            closeReferences(above: depth)
            if content.hasPrefix("./") {
                open.append(try reference(content, line: lineNumber))
            } else {
                guard depth == 0 else { throw fail(lineNumber, "only recipe references (./PATH) may be indented") }
                entries.append(.ingredient(try ingredient(content, line: lineNumber)))
            }
        }
        closeReferences(above: 0)
        return entries
    }

    /// Closes the open references at `depth` and deeper, attaching each to its parent (or the top level).
    private mutating func closeReferences(above depth: Int) {
        while open.count > depth {
            let closed = open.removeLast()
            if open.isEmpty {
                entries.append(.recipe(closed))
            } else {
                open[open.count - 1].children.append(closed)
            }
        }
    }

    /// `>> key: value`. The key is compared in any case, with `-` or `_` for a space (`week-starts`).
    private mutating func metadata(_ content: Substring, line: Int) throws(RecipeError) {
        guard let colon = content.firstIndex(of: ":") else {
            throw fail(line, "metadata must read '>> key: value', such as '>> week starts: saturday'")
        }
        let key = content[..<colon].trimmingSpaces.lowercased()
            .map { $0 == "-" || $0 == "_" ? " " : $0 }
        let value = String(content[content.index(after: colon)...].trimmingSpaces)
        if String(key) == "list" {
            guard !value.isEmpty else { throw fail(line, "list: name the list, such as '>> list: Party'") }
            list = value
            return
        }
        guard String(key) == "week starts" else { return }
        guard let day = Weekday(naming: value) else {
            throw fail(line, "week starts: \"\(value)\" is not a weekday (monday to sunday)")
        }
        weekStarts = day
    }

    private func reference(_ content: Substring, line: Int) throws(RecipeError) -> MealPlan.RecipeReference {
        let (path, braces) = try split(content.dropFirst(2), line: line)
        guard !path.isEmpty else { throw fail(line, "a recipe reference without a path") }
        var multiplier = ExactNumber.one
        if let braces {
            guard let number = ExactNumber(parsing: braces, maximumFractionDigits: 3), !number.isZero else {
                throw fail(line, "multiplier \"\(braces)\" is not a number above zero")
            }
            multiplier = number
        }
        return .init(path: path, multiplier: multiplier, multiplierText: braces ?? "", children: [], line: line)
    }

    private func ingredient(_ content: Substring, line: Int) throws(RecipeError) -> MealPlan.FreeHandIngredient {
        let (name, braces) = try split(content, line: line)
        guard !name.isEmpty else { throw fail(line, "an ingredient without a name") }
        return .init(name: name, quantityText: braces.flatMap { $0.isEmpty ? nil : $0 }, line: line)
    }

    /// `name{inside}` → ("name", "inside"); `name` → ("name", nil).
    private func split(_ content: Substring, line: Int) throws(RecipeError) -> (String, String?) {
        guard let brace = content.firstIndex(of: "{") else {
            guard !content.contains("}") else { throw fail(line, "a '}' without its '{'") }
            return (String(content.trimmingSpaces), nil)
        }
        guard content.last == "}",
            content[content.index(after: brace)...].dropLast().allSatisfy({ $0 != "{" && $0 != "}" })
        else { throw fail(line, "braces must close the line: name{quantity} or ./path{multiplier}") }
        let inside = content[content.index(after: brace)..<content.index(before: content.endIndex)]
        return (String(content[..<brace].trimmingSpaces), String(inside.trimmingSpaces))
    }

    private func fail(_ line: Int, _ detail: String) -> RecipeError {
        .invalidPlan(path: path, line: line, detail: detail)
    }
}

/// The day a household's week starts on (SPEC 16: its shopping day), for `shop plan --week-starts DAY` and
/// a plan file's `>> week starts: saturday`.
public enum Weekday: String, CaseIterable, Sendable {
    case monday, tuesday, wednesday, thursday, friday, saturday, sunday

    /// Reads a weekday as a plan file may name it: the English name or its first three letters, in any case.
    public init?(naming text: String) {
        let word = text.trimmingSpaces.lowercased()
        guard word.count >= 3, let day = Self.allCases.first(where: { $0.rawValue.hasPrefix(word) }),
            word.count == 3 || word == day.rawValue
        else { return nil }
        self = day
    }

    /// Monday 0 ... Sunday 6.
    var offset: Int { Self.allCases.firstIndex(of: self)! }
}

extension MealPlan {
    /// The period a run of `shop plan` is for when no `--for LABEL` names one: the week holding the local day of
    /// `date`. A week starting on Monday (the default) is the ISO 8601 week (`2026-W49`), the label
    /// `spending --by week` uses; a week starting on another day is named by its first day (`2026-11-28` for the week
    /// from Saturday 28 November to Friday 4 December), so that no label of one is ever the label of the other.
    public static func week(of date: Date, startingOn start: Weekday = .monday, calendar: LocalCalendar = .current)
        -> String
    {
        let day = CalendarDay(number: calendar.dayNumber(of: date))
        let isoWeek = ShoppingList.period(.week, of: day)
        guard start != .monday else { return isoWeek.label }
        // The start day in the ISO week (from its Monday), or in the week before when that comes after `day`.
        let first = isoWeek.from.number + start.offset
        return CalendarDay(number: first > day.number ? first - 7 : first).description
    }
}
