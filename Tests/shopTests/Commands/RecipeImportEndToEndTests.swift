import Foundation
import Testing

/// `shop recipe import` and `recipe add URL` through the real binary (SPEC section 19): files written
/// and read back, `--json`, `--add`, a page served from a loopback server, and every refusal's exit code.
@Suite struct RecipeImportEndToEndTests {
    static let page = """
        <html><head><title>Ignored</title>
        <script type="application/ld+json">
        {"@context": "https://schema.org", "@graph": [
          {"@type": "WebPage", "name": "Home"},
          {"@type": ["Recipe", "NewsArticle"], "name": "Pasta alla Norma &amp; Basil",
           "recipeYield": ["4", "4 servings"], "totalTime": "PT1H5M",
           "recipeIngredient": ["2 large onions, finely chopped", "1 (14 oz) can tomatoes", "1½ cups flour",
             "200g/7oz aubergine", "salt to taste", "For the sauce:", "juice of 1 lemon", "2-3 cloves garlic"],
           "recipeInstructions": [
             {"@type": "HowToSection", "name": "Sauce", "itemListElement": [
               {"@type": "HowToStep", "text": "Fry the onions and garlic; add the tomatoes."}]},
             {"@type": "HowToStep", "text": "Stir in the aubergine and season with salt. #1 tip: -- none"}]}
        ]}
        </script></head><body></body></html>
        """

    func sandbox() throws -> (ShopProcess, URL, String) {
        let shop = try ShopProcess()
        let pages = shop.folder.appendingPathComponent("pages")
        let out = shop.folder.appendingPathComponent("out")
        try FileManager.default.createDirectory(at: pages, withIntermediateDirectories: true)
        try FileManager.default.createDirectory(at: out, withIntermediateDirectories: true)
        let page = pages.appendingPathComponent("norma.html")
        try Self.page.write(to: page, atomically: true, encoding: .utf8)
        return (shop, out, page.path)
    }

    @Test func importWritesACooklangFileThatReadsBackAsJSONSays() throws {
        let (shop, out, page) = try sandbox()
        defer { shop.remove() }
        let outcome = try shop.run(["recipe", "import", page, "--dir", out.path, "--json"])
        #expect(outcome.status == 0, "\(outcome)")
        let recipes = try #require(
            try JSONSerialization.jsonObject(with: Data(outcome.stdout.utf8)) as? [[String: Any]])
        let recipe = try #require(recipes.first)
        #expect(recipe["title"] as? String == "Pasta alla Norma & Basil")
        #expect(recipe["servings"] as? Int == 4)
        #expect(recipe["source"] as? String == page)
        let file = try #require(recipe["file"] as? String)
        #expect(file == out.path + "/Pasta alla Norma & Basil.cook")
        let lines = try #require(recipe["ingredients"] as? [[String: Any]])
        #expect(lines.count == 8)
        #expect(lines[0]["name"] as? String == "onions")
        #expect(lines[0]["quantity"] as? Int == 2)
        #expect(lines[0]["preparation"] as? String == "large, finely chopped")
        #expect(lines[1]["unit"] as? String == "can")
        #expect(lines[2]["quantity"] as? Double == 1.5)
        #expect(lines[2]["unit"] as? String == "cup")
        #expect(lines[3]["quantity"] as? Int == 200 && lines[3]["unit"] as? String == "g")
        #expect(lines[4]["quantity"] is NSNull && lines[4]["name"] as? String == "salt")
        #expect(lines[5]["name"] is NSNull && lines[5]["line"] as? String == "For the sauce:")
        #expect(lines[6]["name"] as? String == "lemon")
        #expect(lines[7]["quantity"] as? Int == 3 && lines[7]["unit"] as? String == "clove")
        let text = try String(contentsOfFile: file, encoding: .utf8)
        #expect(text.contains("title: \"Pasta alla Norma & Basil\"\nservings: 4\n"))
        #expect(text.contains("time required: 65 minutes"))
        #expect(text.contains("== Sauce =="))
        #expect(text.contains("Fry the @onions{2}(large, finely chopped)"))
        // Markup in the page's text is made inert: no cookware, no comment.
        #expect(!text.contains("#1") && !text.contains("-- none"))
        // Putting it on the list gives the amounts --json printed.
        let added = try shop.run(["recipe", "add", file])
        #expect(added.status == 0, "\(added)")
        let list = try shop.run(["list", "--json"])
        let items = try #require(try JSONSerialization.jsonObject(with: Data(list.stdout.utf8)) as? [[String: Any]])
        let byName = Dictionary(uniqueKeysWithValues: items.map { ($0["name"] as! String, $0) })
        #expect(byName["flour"]?["unit"] as? String == "cup")
        #expect(byName["onions"]?["quantity"] as? Int == 2)
        #expect(byName["garlic"]?["unit"] as? String == "clove")
        #expect(byName["salt"] != nil)
    }

    @Test func neverOverwritesAndNamesTheFile() throws {
        let (shop, out, page) = try sandbox()
        defer { shop.remove() }
        #expect(try shop.run(["recipe", "import", page, "--dir", out.path]).status == 0)
        let file = out.appendingPathComponent("Pasta alla Norma & Basil.cook")
        let before = try Data(contentsOf: file)
        try shop.expectFailure(["recipe", "import", page, "--dir", out.path], status: 73, mentioning: "Basil.cook")
        #expect(try Data(contentsOf: file) == before)
        // The same page twice in one run: the second file is numbered.
        let again = shop.folder.appendingPathComponent("again")
        try FileManager.default.createDirectory(at: again, withIntermediateDirectories: true)
        #expect(try shop.run(["recipe", "import", page, page, "--dir", again.path]).status == 0)
        #expect(
            FileManager.default.fileExists(atPath: again.appendingPathComponent("Pasta alla Norma & Basil-2.cook").path)
        )
    }

    @Test func dryRunWritesNothingAndAddPutsItOnTheList() throws {
        let (shop, out, page) = try sandbox()
        defer { shop.remove() }
        let dry = try shop.run(["recipe", "import", page, "--dir", out.path, "--dry-run", "--add"])
        #expect(dry.status == 0, "\(dry)")
        #expect(try FileManager.default.contentsOfDirectory(atPath: out.path).isEmpty)
        #expect(shop.dataBytes() == nil)
        let added = try shop.run(
            ["recipe", "import", "-", "-o", out.appendingPathComponent("n.cook").path, "--add", "--servings", "8"],
            input: Self.page)
        #expect(added.status == 0, "\(added)")
        let list = try shop.run(["list", "--json"])
        #expect(list.stdout.contains("\"onions\""))
        #expect(list.stdout.contains("\"quantity\" : 4"))
    }

    @Test func refusalsHaveTheirExitCodes() throws {
        let (shop, out, _) = try sandbox()
        defer { shop.remove() }
        let empty = shop.folder.appendingPathComponent("blog.html")
        try "<html><body>No recipe here</body></html>".write(to: empty, atomically: true, encoding: .utf8)
        try shop.expectFailure(
            ["recipe", "import", empty.path, "--dir", out.path], status: 65, mentioning: "blog.html")
        let broken = shop.folder.appendingPathComponent("broken.html")
        try "<script type=\"application/ld+json\">{\"@type\": \"Recipe\", \"name\": </script>".write(
            to: broken, atomically: true, encoding: .utf8)
        let outcome = try shop.run(["recipe", "import", broken.path, "--dir", out.path])
        #expect(outcome.status == 65 && outcome.stderr.contains("JSON-LD could not be read"), "\(outcome)")
        try shop.expectFailure(["recipe", "import", "ftp://example.com/r.html"], status: 64, mentioning: "ftp://")
        try shop.expectFailure(
            ["recipe", "import", shop.folder.appendingPathComponent("nope.html").path], status: 74,
            mentioning: "nope.html")
        try shop.expectFailure(["recipe", "import", shop.folder.path], status: 74, mentioning: "not a regular file")
        try shop.expectFailure(
            ["recipe", "import", empty.path, "--dir", empty.path], status: 74, mentioning: "not a folder")
        #expect(try FileManager.default.contentsOfDirectory(atPath: out.path).isEmpty)
    }

    @Test func fetchesFromALoopbackServerWithinTheLimits() throws {
        let (shop, out, _) = try sandbox()
        defer { shop.remove() }
        let server = try LoopbackPageServer(page: Self.page)
        defer { server.stop() }
        let fetched = try shop.run(["recipe", "import", server.base + "/redirect/4", "--dir", out.path, "--json"])
        #expect(fetched.status == 0, "\(fetched)")
        let file = out.appendingPathComponent("Pasta alla Norma & Basil.cook")
        #expect(try String(contentsOf: file, encoding: .utf8).contains("source: \"\(server.base)/redirect/4\""))
        try shop.expectFailure(["recipe", "import", server.base + "/missing"], status: 69, mentioning: "HTTP 404")
        try shop.expectFailure(["recipe", "import", server.base + "/redirect/5"], status: 69, mentioning: "redirects")
        try shop.expectFailure(["recipe", "import", server.base + "/huge"], status: 69, mentioning: "10 MiB")
        try shop.expectFailure(["recipe", "import", server.base + "/elsewhere"], status: 64, mentioning: "/elsewhere")
        try shop.expectFailure(
            ["recipe", "import", server.base + "/none", "--dir", out.path], status: 65, mentioning: "/none")
    }

    @Test func recipeAddOfAnAddressImportsAndAddsInOneStep() throws {
        let (shop, out, _) = try sandbox()
        defer { shop.remove() }
        let server = try LoopbackPageServer(page: Self.page)
        defer { server.stop() }
        let process = Process()
        process.executableURL = ShopProcess.executable
        process.arguments = ["recipe", "add", server.base + "/page", "--for", "friday"]
        process.environment = shop.environment
        process.currentDirectoryURL = out
        process.standardOutput = FileHandle.nullDevice
        process.standardError = FileHandle.nullDevice
        try process.run()
        process.waitUntilExit()
        #expect(process.terminationStatus == 0)
        #expect(
            FileManager.default.fileExists(atPath: out.appendingPathComponent("Pasta alla Norma & Basil.cook").path))
        let recipes = try shop.run(["recipes", "--json"])
        #expect(recipes.stdout.contains("\"Pasta alla Norma & Basil\"") && recipes.stdout.contains("\"friday\""))
    }
}
