import ShopFormats
import ShopHistory
import ShopJSON
import ShopModel
import Testing

/// The ingredient-line parser on the hard cases of SPEC section 19.
@Suite struct IngredientLineTests {
    private typealias Expected = (name: String?, quantity: String?, unit: String?, note: String?)

    private let table: [(String, Expected)] = [
        ("2 large onions, finely chopped", ("onions", "2", nil, "large, finely chopped")),
        ("1 (14 oz) can tomatoes", ("tomatoes", "1", "can", "14 oz")),
        ("1½ cups flour", ("flour", "1.5", "cup", nil)),
        ("1 1/2 cups sugar", ("sugar", "1.5", "cup", nil)),
        ("2-3 cloves garlic", ("garlic", "3", "clove", "2-3")),
        ("2 to 3 tablespoons olive oil", ("olive oil", "3", "tbsp", "2 to 3")),
        ("200g/7oz spaghetti", ("spaghetti", "200", "g", "7oz")),
        ("a pinch of salt", ("salt", nil, nil, "a pinch")),
        ("salt to taste", ("salt", nil, nil, "to taste")),
        ("juice of 1 lemon", ("lemon", "1", nil, "juice of")),
        ("¾ tsp ground cinnamon", ("ground cinnamon", "0.75", "tsp", nil)),
        ("2 Tbsp butter, melted", ("butter", "2", "tbsp", "melted")),
        ("8 ounces cream cheese", ("cream cheese", "8", "oz", nil)),
        ("2 lbs chicken thighs", ("chicken thighs", "2", "lb", nil)),
        ("1 15-ounce can chickpeas, drained", ("chickpeas", "1", "can", "15-ounce, drained")),
        ("½ c red wine", ("red wine", "0.5", "cup", nil)),
        ("2 garlic cloves, minced", ("garlic", "2", "clove", "minced")),
        ("1 cup chopped walnuts", ("walnuts", "1", "cup", "chopped")),
        ("½ teaspoon freshly ground black pepper", ("black pepper", "0.5", "tsp", "freshly ground")),
        ("Salt, 1 teaspoon", ("Salt", "1", "tsp", "1 teaspoon")),
        ("One 28-ounce can tomatoes", ("tomatoes", "1", "can", "28-ounce")),
        (
            "3 oz bucatini, tagliatelle, or other long pasta",
            ("bucatini, tagliatelle, or other long pasta", "3", "oz", nil)
        ),
        ("3½ cups rolled (old-fashioned) oats", ("rolled oats", "3.5", "cup", "old-fashioned")),
        // Issue 41: rules found on the labelled lines tuned on (see the README's figures).
        ("8 pitted dates", ("pitted dates", "8", nil, nil)),
        ("1 cup steamed jasmine rice", ("jasmine rice", "1", "cup", "steamed")),
        ("2 tablespoons well-drained capers", ("capers", "2", "tbsp", "well-drained")),
        ("2 cups crushed tomatoes", ("crushed tomatoes", "2", "cup", nil)),
        ("1 tbsp toasted sesame oil", ("toasted sesame oil", "1", "tbsp", nil)),
        ("2 tbsp toasted sesame seeds", ("sesame seeds", "2", "tbsp", "toasted")),
        ("1 recipe pie dough", ("pie dough", "1", "recipe", nil)),
        ("1 large fennel bulb", ("fennel", "1", "bulb", "large")),
        (
            "One 6-ounce can tomato paste blended with 1½ cups water",
            ("tomato paste", "1", "can", "6-ounce, blended with 1½ cups water")
        ),
        ("1/3 cup cream cheese at room temperature", ("cream cheese", "0.333", "cup", "at room temperature")),
        ("Food coloring as needed", ("Food coloring", nil, nil, "as needed")),
        ("1-inch piece ginger", ("ginger", "1", nil, "1-inch piece")),
        ("12 thin slices bacon", ("bacon", "12", "slice", "thin")),
        ("8 cloves", ("cloves", "8", nil, nil)),
        ("Sea salt and freshly ground black pepper", ("Sea salt and black pepper", nil, nil, "freshly ground")),
        ("1 pound ground lamb or ground beef", ("ground lamb or ground beef", "1", "lb", nil)),
        (
            "⅓ c loosely packed fresh tarragon, dill, or chives, coarsely chopped",
            ("fresh tarragon, dill, or chives", "0.333", "cup", "loosely packed, coarsely chopped")
        ),
        ("2 leeks, white and green parts", ("leeks", "2", nil, "white and green parts")),
        ("4 ounces soft, mild chèvre", ("soft mild chèvre", "4", "oz", nil)),
        ("½ c cup heavy cream", ("heavy cream", "0.5", "cup", nil)),
        ("15 oz can pigeon peas", ("pigeon peas", "15", "oz", "can")),
        ("2 extra large eggs", ("eggs", "2", nil, "extra large")),
        ("¾ cup mini marshmallows", ("mini marshmallows", "0.75", "cup", nil)),
        ("2 tbsp good olive oil", ("good olive oil", "2", "tbsp", nil)),
        ("Juice of one lime", ("lime", "1", nil, "Juice of")),
        ("Zest and juice from ½ lemon", ("lemon", "0.5", nil, "Zest and juice from")),
        ("Leaves from 2 sprigs tarragon", ("tarragon", "2", "sprig", "Leaves from")),
        ("Few drops of green food coloring", ("green food coloring", nil, nil, "Few, drop")),
        ("One 4- to 5-pound chicken, cut up", ("chicken", "1", nil, "4- to 5-pound, cut up")),
        ("4- to 5-pound pot roast", ("pot roast", "5", "lb", "4- to 5")),
        ("One 1½-inch chunk fresh ginger", ("fresh ginger", "1", nil, "1½-inch chunk")),
        ("1 tbsp very finely minced white onion", ("white onion", "1", "tbsp", "very finely minced")),
        ("2 ½ c spooned and leveled flour", ("flour", "2.5", "cup", "spooned and leveled")),
        ("Half a small red cabbage", ("red cabbage", nil, nil, "small, Half a")),
        ("For the sauce:", (nil, nil, nil, nil)),
        ("TO SERVE", (nil, nil, nil, nil)),
    ]

    @Test func hardCases() {
        for (line, expected) in table {
            let read = IngredientLine(parsing: line)
            #expect(read.name == expected.name, "\(line)")
            #expect(read.quantity?.description == expected.quantity, "\(line)")
            #expect(read.unit == expected.unit, "\(line)")
            #expect(read.note == expected.note, "\(line)")
        }
    }

    /// A line that ends where a quantity or name would start still reads (no index past the end).
    @Test func linesThatStopShort() {
        for line in ["juice of", "Zest from", "Few", "several of", "1 cup", "one", "8 cloves", "2 extra", "1-inch"] {
            #expect(IngredientLine(parsing: line).name?.isEmpty == false, "\(line)")
        }
    }

    @Test func namesCannotBreakTheCooklangMarkup() {
        let read = IngredientLine(parsing: "1 cup @weird {name} #1 ~x%")
        #expect(read.name?.contains(where: { "{}@#~%".contains($0) }) == false)
        #expect(IngredientLine(parsing: "{}").isLeftOut)
    }
}
