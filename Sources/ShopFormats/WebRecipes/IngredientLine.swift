import ShopModel

/// One ingredient line of a web page read into what goes on the list (SPEC section 19): `2 large onions,
/// finely chopped` is `onions`, 2, with `large, finely chopped` as its note.
public struct IngredientLine: Hashable, Sendable {
    /// The line as the page gives it, cleaned.
    public var line: String
    /// What is bought (`onions`), or `nil` for a heading among the lines (`For the sauce:`).
    public var name: String?
    /// The amount's number: the larger end of a range, the first of a metric/imperial pair; `nil` for none.
    public var quantity: ExactNumber?
    /// The unit as shop writes it (`cup`, `tbsp`, `g`, `can`), or `nil` for a count or no amount.
    public var unit: String?
    /// Size, preparation, a range or pack size and the rest of the line (`large, finely chopped`), or `nil`.
    public var note: String?

    /// A line that names nothing to buy once its name is cleaned (`---`, `{}`): left out of the file and said
    /// (SPEC section 23), never a heading.
    public var isLeftOut = false

    /// A heading that starts a section of the ingredients.
    public var isHeading: Bool { name == nil && !isLeftOut }

    /// The line's parts.
    public init(line: String, name: String?, quantity: ExactNumber? = nil, unit: String? = nil, note: String? = nil) {
        self.line = line
        self.name = name
        self.quantity = quantity
        self.unit = unit
        self.note = note
    }

    /// Reads one cleaned line.
    public init(parsing line: String) {
        var parser = IngredientLineParser(line)
        self = parser.parse()
        // The name as the Cooklang file writes it, so `--json` and the file agree.
        if let found = name {
            name = CooklangWriter.cleanName(found)
            isLeftOut = name == nil
        }
    }
}
