import Foundation
import Testing

/// SPEC section 23, recipe files, through the real binary: `recipe import --add` and `recipe add URL` change the
/// files and the list together or not at all, a page gives its main recipe (`--all` at most 50), `--dir` makes a
/// missing folder.
@Suite struct RecipeImportSecondAttackTests {
    static let page = RecipeImportEndToEndTests.page

    /// A page of `count` recipes, each with its own title.
    static func page(recipes count: Int) -> String {
        let recipes = (1...count).map { number in
            #"{"@type": "Recipe", "name": "Cake \#(number)", "recipeIngredient": ["2 eggs", "100 g flour"]}"#
        }
        return "<script type=\"application/ld+json\">[\(recipes.joined(separator: ","))]</script>"
    }

    /// `shop ARGUMENTS` run in `folder` (where `recipe add URL` writes its file).
    func run(_ shop: ShopProcess, _ arguments: [String], in folder: URL) throws -> Int32 {
        let process = Process()
        process.executableURL = ShopProcess.executable
        process.arguments = arguments
        process.environment = shop.environment
        process.currentDirectoryURL = folder
        process.standardOutput = FileHandle.nullDevice
        process.standardError = FileHandle.nullDevice
        try process.run()
        process.waitUntilExit()
        return process.terminationStatus
    }

    func files(in folder: URL) throws -> [String] {
        try FileManager.default.contentsOfDirectory(atPath: folder.path).sorted()
    }

    @Test func importAddAndRecipeAddOfAnAddressAreOneStepAndARerunSucceeds() throws {
        let shop = try ShopProcess()
        defer { shop.remove() }
        let out = shop.folder.appendingPathComponent("out")
        try FileManager.default.createDirectory(at: out, withIntermediateDirectories: true)
        let page = shop.folder.appendingPathComponent("norma.html")
        try Self.page.write(to: page, atomically: true, encoding: .utf8)
        #expect(try shop.run(["add", "bread"]).status == 0)
        let good = try #require(shop.dataBytes())
        // The list change fails (a data file that does not read): no file is left behind.
        try Data("{".utf8).write(to: shop.dataFile)
        let failed = try shop.run(["recipe", "import", page.path, "--dir", out.path, "--add"])
        #expect(failed.status == 65, "\(failed)")
        #expect(try files(in: out).isEmpty)
        // Run again once the list reads: it succeeds, and the file and the recipe are there.
        try good.write(to: shop.dataFile)
        let again = try shop.run(["recipe", "import", page.path, "--dir", out.path, "--add"])
        #expect(again.status == 0, "\(again)")
        #expect(try files(in: out) == ["Pasta alla Norma & Basil.cook"])
        #expect(try shop.run(["recipes", "--json"]).stdout.contains("\"Pasta alla Norma & Basil\""))
        // A file an earlier run left with exactly the text to write is taken as written.
        let earlier = shop.folder.appendingPathComponent("earlier")
        try FileManager.default.createDirectory(at: earlier, withIntermediateDirectories: true)
        #expect(try shop.run(["recipe", "import", page.path, "--dir", earlier.path]).status == 0)
        let added = try shop.run(["recipe", "import", page.path, "--dir", earlier.path, "--add", "--for", "friday"])
        #expect(added.status == 0, "\(added)")
        // `recipe add URL`: the same, in the current folder.
        let server = try LoopbackPageServer(page: Self.page)
        defer { server.stop() }
        let here = shop.folder.appendingPathComponent("here")
        try FileManager.default.createDirectory(at: here, withIntermediateDirectories: true)
        try Data("{".utf8).write(to: shop.dataFile)
        #expect(try run(shop, ["recipe", "add", server.base + "/page", "--for", "sunday"], in: here) == 65)
        #expect(try files(in: here).isEmpty)
        try good.write(to: shop.dataFile)
        #expect(try run(shop, ["recipe", "add", server.base + "/page", "--for", "sunday"], in: here) == 0)
        #expect(try files(in: here) == ["Pasta alla Norma & Basil.cook"])
        #expect(try shop.run(["recipes", "--json"]).stdout.contains("\"sunday\""))
    }

    @Test func aPageGivesItsMainRecipeAndAllTakesAtMostFifty() throws {
        let shop = try ShopProcess()
        defer { shop.remove() }
        let big = shop.folder.appendingPathComponent("big.html")
        try Self.page(recipes: 300).write(to: big, atomically: true, encoding: .utf8)
        let out = shop.folder.appendingPathComponent("out")
        try FileManager.default.createDirectory(at: out, withIntermediateDirectories: true)
        let one = try shop.run(["recipe", "import", big.path, "--dir", out.path, "--add"])
        #expect(one.status == 0, "\(one)")
        #expect(try files(in: out) == ["Cake 1.cook"])
        let recipes = try shop.run(["recipes", "--json"])
        #expect(recipes.stdout.components(separatedBy: "\"Cake ").count == 2, "\(recipes)")
        try shop.expectFailure(
            ["recipe", "import", big.path, "--dir", out.path, "--all"], status: 65, mentioning: "300 recipes")
        let three = shop.folder.appendingPathComponent("three.html")
        try Self.page(recipes: 3).write(to: three, atomically: true, encoding: .utf8)
        let all = shop.folder.appendingPathComponent("all")
        #expect(try shop.run(["recipe", "import", three.path, "--dir", all.path, "--all"]).status == 0)
        #expect(try files(in: all) == ["Cake 1.cook", "Cake 2.cook", "Cake 3.cook"])
        try shop.expectFailure(["recipe", "add", "x.cook", "--all"], status: 64, mentioning: "--all")
    }

    @Test func importMakesAFolderThatDoesNotExistYet() throws {
        let shop = try ShopProcess()
        defer { shop.remove() }
        let page = shop.folder.appendingPathComponent("norma.html")
        try Self.page.write(to: page, atomically: true, encoding: .utf8)
        let new = shop.folder.appendingPathComponent("recipes/from the web")
        let dry = try shop.run(["recipe", "import", page.path, "--dir", new.path, "--dry-run"])
        #expect(dry.status == 0, "\(dry)")
        #expect(!FileManager.default.fileExists(atPath: new.path))
        let made = try shop.run(["recipe", "import", page.path, "--dir", new.path])
        #expect(made.status == 0, "\(made)")
        #expect(try files(in: new) == ["Pasta alla Norma & Basil.cook"])
    }

    /// SPEC 18 and 23: an ingredient that what is at home covers puts nothing on the list, and `recipes` says so.
    @Test func recipesSaysAtHomeForAnIngredientCoveredAtHome() throws {
        let (shop, folder) = try StockRecipesEndToEndTests.kitchen()
        defer { shop.remove() }
        let added = try shop.run(["recipe", "add", folder.appendingPathComponent("gratin.cook").path])
        #expect(added.stderr.contains("at home: milk"), "\(added)")
        let recipes = try shop.run(["recipes"])
        #expect(recipes.status == 0 && recipes.stdout.contains("\n  milk (1 l at home)\n"), "\(recipes)")
        // Used up, it is no longer said.
        #expect(try shop.run(["use", "milk", "-q", "1l"]).status == 0)
        #expect(try !shop.run(["recipes"]).stdout.contains("milk"))
    }
}
