import ShopJSON
import Testing

@testable import ShopFormats
@testable import ShopModel

/// The page reader (SPEC section 19): every JSON-LD shape pages use, microdata, text as a browser shows
/// it, and hostile pages that must give an error, never a hang or a crash.
@Suite struct WebPageReaderTests {
    private func recipes(_ html: String) throws -> [WebRecipe] {
        try WebPageReader.recipes(inPage: Array(html.utf8))
    }

    private func script(_ json: String) -> String {
        "<html><head><script type=\"application/ld+json\">\(json)</script></head><body><h1>Heading</h1></body></html>"
    }

    @Test func jsonLDInEveryShape() throws {
        let recipe = #"{"@type": "Recipe", "name": "Soup", "recipeIngredient": ["1 leek"]}"#
        for json in [
            recipe, "[\(recipe)]", #"{"@context": "https://schema.org", "@graph": [{"@type": "WebSite"}, \#(recipe)]}"#,
            #"{"@type": ["Recipe", "Thing"], "name": "Soup", "recipeIngredient": "1 leek"}"#,
            #"{"@type": "WebPage", "mainEntity": \#(recipe)}"#,
            #"{"@type": "http://schema.org/Recipe", "name": "Soup", "ingredients": ["1 leek"]}"#,
        ] {
            let found = try recipes(script(json))
            #expect(found.map(\.title) == ["Soup"], "\(json)")
            #expect(found.first?.ingredientLines == ["1 leek"], "\(json)")
        }
    }

    @Test func instructionsAsStringListStepsAndSections() throws {
        let json = #"""
            {"@type": "Recipe", "name": "Stew", "recipeInstructions": [
              "Chop.", {"@type": "HowToStep", "text": "Fry."}, {"@type": "HowToStep", "name": "Rest."},
              {"@type": "HowToSection", "name": "Sauce", "itemListElement": [{"@type": "HowToStep", "text": "Stir."}]}]}
            """#
        #expect(
            try recipes(script(json)).first?.steps == [
                .text("Chop."), .text("Fry."), .text("Rest."), .section("Sauce"), .text("Stir."),
            ])
        let plain = #"{"@type": "Recipe", "name": "Stew", "recipeInstructions": "Chop.\nFry."}"#
        #expect(try recipes(script(plain)).first?.steps == [.text("Chop."), .text("Fry.")])
    }

    @Test func textAsABrowserShowsIt() {
        #expect(HTMLText.clean("Salt &amp; pepper") == "Salt & pepper")
        #expect(HTMLText.clean("&#189; cup &#xBD; &frac12; &amp;frac12;") == "½ cup ½ ½ ½")
        #expect(HTMLText.clean("  1<b>cup</b>\n\t flour&nbsp; ") == "1cup flour")
        #expect(HTMLText.clean("a<br>b") == "a b")
        #expect(HTMLText.clean("((optional))") == "(optional)")
        #expect(HTMLText.clean("(a) ((b") == "(a) ((b")
        #expect(HTMLText.clean("1 < 2 &unknown; &") == "1 < 2 &unknown; &")
        #expect(HTMLText.clean("zero\u{200B}width") == "zerowidth")
    }

    @Test func microdataWithListItemsAndNestedItems() throws {
        let html = """
            <div itemscope itemtype="https://schema.org/Recipe">
              <h2 itemprop="name">Pancakes &amp; jam</h2>
              <span itemprop="author" itemscope itemtype="https://schema.org/Person"><span itemprop="name">Ann</span></span>
              <meta itemprop="recipeYield" content="4 servings">
              <ul itemprop="recipeIngredient"><li>2 eggs</li><li> 1 cup <b>milk</b></li></ul>
              <span itemprop="ingredients">pinch of salt</span>
              <div itemprop="recipeInstructions"><p>Whisk.</p><p>Fry.</p></div>
            </div>
            """
        let recipe = try #require(try recipes(html).first)
        #expect(recipe.title == "Pancakes & jam")
        #expect(recipe.servings == 4)
        #expect(recipe.ingredientLines == ["2 eggs", "1 cup milk", "pinch of salt"])
        #expect(recipe.steps == [.text("Whisk."), .text("Fry.")])
    }

    @Test func aTitleTheDataLacksComesFromTheHeading() throws {
        #expect(try recipes(script(#"{"@type": "Recipe", "recipeIngredient": ["1 egg"]}"#)).first?.title == "Heading")
    }

    @Test func aPageWithNoRecipeOrBrokenJSONIsAClearError() {
        #expect(throws: WebPageProblem.noRecipe(brokenJSON: nil)) { try recipes("<html><p>hello</p></html>") }
        #expect(throws: WebPageProblem.self) { try recipes(script(#"{"@type": "Recipe", "name": "#)) }
        do {
            _ = try WebPageReader.recipes(inPage: Array(script(#"{"@type": "Recipe", "name": "#).utf8))
            Issue.record("broken JSON gave a recipe")
        } catch {
            guard case .noRecipe(let broken) = error else { return }
            #expect(broken?.contains("line 1") == true)
        }
    }

    @Test func pagesWriteRawLineBreaksInsideJSONStrings() throws {
        let found = try recipes(script("{\"@type\": \"Recipe\", \"name\": \"Two\nlines\"};"))
        #expect(found.first?.title == "Two lines")
    }

    @Test func hostilePagesGiveAnErrorNotACrash() throws {
        // JSON nested far past the reader's limit, and HTML nested a million deep.
        let deepJSON = String(repeating: "[", count: 200_000) + String(repeating: "]", count: 200_000)
        #expect(throws: WebPageProblem.self) { try recipes(script(deepJSON)) }
        let deepHTML = String(repeating: "<div>", count: 1_000_000) + "text"
        #expect(throws: WebPageProblem.self) { try recipes(deepHTML) }
        let comments = String(repeating: "<!-- x -->", count: 500_000)
        #expect(throws: WebPageProblem.self) { try recipes(comments) }
        // A page of 10 MiB around a recipe is read whole.
        let padding = String(repeating: "<p>filler text</p>\n", count: 10 * 1024 * 1024 / 20)
        let big = padding + script(#"{"@type": "Recipe", "name": "Found", "recipeIngredient": ["1 egg"]}"#)
        #expect(try recipes(big).first?.title == "Found")
        // Unclosed tags, quotes and scripts end at the page's end.
        #expect(throws: WebPageProblem.self) { try recipes("<div class=\"x <script type=application/ld+json>{") }
    }

    @Test func durationsAndServings() {
        #expect(WebRecipe.minutes(inDuration: "PT1H30M") == 90)
        #expect(WebRecipe.minutes(inDuration: "P0DT0H20M") == 20)
        #expect(WebRecipe.minutes(inDuration: "20 minutes") == nil)
        #expect(WebRecipe(title: "x", yield: "Serves 4-6", ingredientLines: [], steps: []).servings == 4)
        #expect(WebRecipe(title: "x", yield: "a dozen", ingredientLines: [], steps: []).servings == nil)
    }
}
