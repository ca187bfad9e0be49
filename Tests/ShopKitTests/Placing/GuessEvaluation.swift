import Foundation
import ShopJSON
import ShopModel
import ShopModelTests
import ShopSharingTests
import ShopTestSupport
import Testing

@testable import ShopKit
@testable import ShopPlacing

/// A tool for working on the guess (SPEC 21), run by hand: `SHOP_GUESS_EVAL=1 swift test --skip-build --filter
/// GuessEvaluation`. It prints the figures of `../shared/aisles/dev.tsv` split by a hash of each name into a part to
/// look at and a held-out part only measured, and the placed share of the ingredient names `recipe import` makes from
/// the shared ingredient lines and recipe pages. `SHOP_GUESS_EVAL=dev` also prints the looked-at part's wrong guesses
/// grouped by (guessed, labelled) location and its unplaced names by label; `rows` every looked-at name, its label and guess; `ingredients` the looked-at ingredient
/// names left unplaced, most common first; `judge` a fixed random sample of 100 placed held-out ingredient names with
/// their guess, for judging by hand (`SHOP_GUESS_SEED=n` draws another sample). Held-out names are never printed but for that sample.
@Suite struct GuessEvaluation {
    static var mode: String? { ProcessInfo.processInfo.environment["SHOP_GUESS_EVAL"] }

    /// Whether `name` is in the held-out part: a quarter, by FNV-1a of its bytes (a split no earlier tuning used).
    static func isHeldOut(_ name: String) -> Bool {
        var hash: UInt64 = 14_695_981_039_346_656_037
        for byte in name.utf8 { hash = (hash ^ UInt64(byte)) &* 1_099_511_628_211 }
        return hash % 4 == 1
    }

    @Test(.enabled(if: mode != nil && LocationGuessTests.shared != nil, "SHOP_GUESS_EVAL is not set"))
    func productNames() throws {
        let text = try String(
            contentsOf: LocationGuessTests.shared!.appendingPathComponent("aisles/dev.tsv"), encoding: .utf8)
        let rows = text.split(separator: "\n").dropFirst().map { line in
            let fields = line.split(separator: "\t", omittingEmptySubsequences: false)
            return (name: String(fields[0]), location: String(fields[1]))
        }
        let list = try SampleData.load()
        let guesser = LocationGuesser(list: list)
        let looked = rows.filter { !Self.isHeldOut($0.name) }
        let held = rows.filter { Self.isHeldOut($0.name) }
        print("aisles looked at: \(LocationGuessTests.figures(looked, in: list).0)")
        if Self.mode == "final" {
            print("aisles held out: \(LocationGuessTests.figures(held, in: list).0)")
            print("aisles all: \(LocationGuessTests.figures(rows, in: list).0)")
        }
        if Self.mode == "rows" {
            for row in looked {
                let guess = guesser.guess(row.name)
                let at = guess.flatMap { list.location($0.locationID)?.name } ?? "-"
                print("ROW\t\(row.name)\t\(row.location)\t\(at)\t\(guess?.because ?? "")")
            }
        }
        guard Self.mode == "dev" else { return }
        var wrong: [String: [String]] = [:]
        var unplaced: [String: [String]] = [:]
        for row in looked {
            guard let guess = guesser.guess(row.name) else {
                unplaced[row.location, default: []].append(row.name)
                continue
            }
            let at = list.location(guess.locationID)?.name ?? "?"
            if at != row.location {
                wrong["\(at) ← labelled \(row.location)", default: []].append("\(row.name) [\(guess.because)]")
            }
        }
        for (pair, names) in wrong.sorted(by: { $0.value.count > $1.value.count }) {
            print("WRONG \(names.count) \(pair)")
            for name in names { print("    \(name)") }
        }
        for (location, names) in unplaced.sorted(by: { $0.value.count > $1.value.count }) {
            print("UNPLACED \(names.count) \(location)")
            for name in names { print("    \(name)") }
        }
    }

    /// The names `recipe import` gives the items of the shared ingredient lines and of the recipe pages' lines.
    static func ingredientNames() throws -> [String] {
        let shared = try #require(SharedRecipeData.folder)
        var names: [String] = []
        for file in ["tastecooking-ingredients-snapshot-2024.csv", "cookstr-ingredients-snapshot-2017.csv"] {
            let text = try String(
                contentsOf: shared.appendingPathComponent("ingredient-lines/\(file)"), encoding: .utf8)
            for row in SharedRecipeData.csvRows(text).dropFirst() where !row.isEmpty {
                if let name = IngredientLine(parsing: HTMLText.clean(row[0])).name { names.append(name) }
            }
        }
        if SharedRecipeData.canUnpack {
            let pages = try SharedRecipeData.unpackPages(from: shared)
            defer { try? FileManager.default.removeItem(at: pages) }
            let index = try String(contentsOf: pages.appendingPathComponent("index.tsv"), encoding: .utf8)
            for row in index.split(separator: "\n").dropFirst() {
                let fields = row.split(separator: "\t").map(String.init)
                guard fields.count >= 2 else { continue }
                let base = pages.appendingPathComponent(fields[0]).appendingPathComponent(fields[1])
                let expected = try JSONSerialization.jsonObject(
                    with: Data(contentsOf: base.appendingPathExtension("json")))
                for line in (expected as? [String: Any])?["ingredients"] as? [String] ?? [] {
                    if let name = IngredientLine(parsing: line).name { names.append(name) }
                }
            }
        }
        return names
    }

    @Test(.enabled(if: mode != nil && SharedRecipeData.folder != nil, "SHOP_GUESS_EVAL is not set"))
    func ingredients() throws {
        let list = try SampleData.load()
        let guesser = LocationGuesser(list: list)
        let names = try Self.ingredientNames()
        for heldOut in Self.mode == "final" ? [false, true] : [false] {
            let part = names.filter { Self.isHeldOut($0) == heldOut }
            let placed = part.filter { guesser.guess($0) != nil }.count
            let share = String(format: "%.1f%%", 100 * Double(placed) / Double(max(part.count, 1)))
            print("ingredient names \(heldOut ? "held out" : "looked at"): placed \(placed)/\(part.count) (\(share))")
        }
        if Self.mode == "ingredients" {
            var counts: [String: Int] = [:]
            for name in names where !Self.isHeldOut(name) && guesser.guess(name) == nil {
                counts[name.lowercased(), default: 0] += 1
            }
            for (name, count) in counts.sorted(by: { ($0.value, $1.key) > ($1.value, $0.key) }).prefix(400) {
                print("UNPLACED \(count) \(name)")
            }
        }
        if Self.mode == "judge" {
            // A fixed sample: the placed held-out names in order of a seeded linear congruential draw.
            let placed = names.filter { Self.isHeldOut($0) && guesser.guess($0) != nil }
            var state = UInt64(ProcessInfo.processInfo.environment["SHOP_GUESS_SEED"] ?? "") ?? 20_261_130
            var picked: Set<Int> = []
            while picked.count < min(100, placed.count) {
                state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
                picked.insert(Int((state >> 33) % UInt64(placed.count)))
            }
            for index in picked.sorted() {
                let guess = guesser.guess(placed[index])!
                print("JUDGE \(placed[index]) → \(list.location(guess.locationID)?.name ?? "?") [\(guess.because)]")
            }
        }
    }
}
