import Foundation
import ShopFormats
import ShopHistory
import ShopJSON
import ShopModel
import ShopTestSupport
import Testing

/// SPEC section 19, measured on data no one here wrote (`../shared`, see its READMEs): recipe pages with
/// the answers recipe-scrapers' tests expect, and ingredient lines labelled by hand. Prints the figures and
/// fails below the floors set from them; skips when `../shared` is not beside the repository.
@Suite struct WebRecipeMeasurementTests {
    /// Set `SHOP_MEASURE_VERBOSE=1` to print every miss.
    private var verbose: Bool { ProcessInfo.processInfo.environment["SHOP_MEASURE_VERBOSE"] == "1" }

    @Test(
        .enabled(if: SharedRecipeData.folder != nil, "../shared/recipe-pages is not beside the repository"),
        .enabled(if: SharedRecipeData.canUnpack, "xz is not installed, so the pages cannot be unpacked"))
    func pagesGiveTheExpectedTitleAndLines() throws {
        let shared = try #require(SharedRecipeData.folder)
        let pages = try SharedRecipeData.unpackPages(from: shared)
        defer { try? FileManager.default.removeItem(at: pages) }
        let index = try String(contentsOf: pages.appendingPathComponent("index.tsv"), encoding: .utf8)
        var (total, titles, allLines) = (0, 0, 0)
        for row in index.split(separator: "\n").dropFirst() {
            let fields = row.split(separator: "\t").map(String.init)
            guard fields.count >= 2 else { continue }
            let base = pages.appendingPathComponent(fields[0]).appendingPathComponent(fields[1])
            let html = try Data(contentsOf: base.appendingPathExtension("testhtml"))
            let expected = try JSONSerialization.jsonObject(with: Data(contentsOf: base.appendingPathExtension("json")))
            let answer = try #require(expected as? [String: Any])
            total += 1
            let recipe = try? WebPageReader.recipes(inPage: Array(html)).first
            let titleRight = recipe?.title == answer["title"] as? String
            // recipe-scrapers' answers leave group headings out where its site module reads them apart;
            // shop keeps them as lines with no name: a page is right with or without them.
            let wanted = answer["ingredients"] as? [String]
            let lines = recipe?.ingredientLines ?? []
            let withoutHeadings = lines.filter { !IngredientLine(parsing: $0).isHeading }
            let linesRight = lines == wanted || withoutHeadings == wanted
            if titleRight { titles += 1 }
            if linesRight { allLines += 1 }
            if verbose, !titleRight || !linesRight {
                print("page \(fields[0]): title \(recipe?.title ?? "-") / \(answer["title"] ?? "-")")
                if !linesRight {
                    print("  got \(recipe?.ingredientLines ?? [])\n  want \(answer["ingredients"] ?? [])")
                }
            }
        }
        let titleShare = Double(titles) / Double(total)
        let linesShare = Double(allLines) / Double(total)
        print(
            "recipe pages: \(total); titles right \(titles) (\(percent(titleShare))); "
                + "every ingredient line exact \(allLines) (\(percent(linesShare)))")
        #expect(total == 120)
        #expect(titleShare >= 0.98)
        #expect(linesShare >= 0.85)
    }

    @Test(.enabled(if: SharedRecipeData.folder != nil, "../shared/ingredient-lines is not beside the repository"))
    func linesGiveTheLabelledNameAndAmount() throws {
        let shared = try #require(SharedRecipeData.folder)
        var figures: [Bool: (total: Int, names: Int, amounts: Int)] = [false: (0, 0, 0), true: (0, 0, 0)]
        for label in try SharedRecipeData.labelledLines(in: shared) {
            let line = IngredientLine(parsing: HTMLText.clean(label.input))
            let nameRight = IngredientLineScoring.nameIsRight(line, label)
            let amountRight = IngredientLineScoring.amountIsRight(line, label)
            var counts = figures[label.isHeldOut]!
            counts.total += 1
            if nameRight { counts.names += 1 }
            if amountRight { counts.amounts += 1 }
            figures[label.isHeldOut] = counts
            if verbose, label.isHeldOut == false, !nameRight || !amountRight {
                print(
                    "line \(label.input) -> \(line.name ?? "-") | \(line.quantity?.description ?? "-") | \(line.unit ?? "-")"
                )
            }
        }
        for heldOut in [false, true] {
            let counts = figures[heldOut]!
            print(
                "ingredient lines (\(heldOut ? "held out" : "tuned on")): \(counts.total); names exact "
                    + "\(percent(Double(counts.names) / Double(counts.total))); quantity with unit right "
                    + "\(percent(Double(counts.amounts) / Double(counts.total)))")
        }
        let heldOut = figures[true]!
        #expect(heldOut.total > 3000)
        // Floors set from the held-out figures (see the README); SPEC 19 asks 90% and 97%.
        #expect(Double(heldOut.names) / Double(heldOut.total) >= 0.92)
        #expect(Double(heldOut.amounts) / Double(heldOut.total) >= 0.98)
    }

    private func percent(_ share: Double) -> String {
        String(format: "%.1f%%", share * 100)
    }
}
