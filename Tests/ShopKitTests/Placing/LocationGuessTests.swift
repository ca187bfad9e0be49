import Foundation
import Testing

@testable import ShopKit
@testable import ShopPlacing

/// Where a new item goes (SPEC 21): the guess on the development names of `../shared/aisles` placed into the sample
/// data's locations, on recipe ingredient names, in households with other location names, and from a household's own
/// items.
@Suite struct LocationGuessTests {
    /// `../shared` from the repository, if it holds the aisles sample.
    static var shared: URL? {
        let repository = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent().deletingLastPathComponent()
        let shared = repository.deletingLastPathComponent().appendingPathComponent("shared")
        let dev = shared.appendingPathComponent("aisles/dev.tsv")
        return FileManager.default.fileExists(atPath: dev.path) ? shared : nil
    }

    /// The figures on a set of names with their right location: how many placed, how many of those right.
    struct Figures: CustomStringConvertible {
        var total = 0
        var placed = 0
        var right = 0
        var placedShare: Double { Double(placed) / Double(max(total, 1)) }
        var rightShare: Double { Double(right) / Double(max(placed, 1)) }
        var description: String {
            "placed \(placed)/\(total) (\(Int(placedShare * 1000))‰), right \(right)/\(placed) (\(Int(rightShare * 1000))‰)"
        }
    }

    /// Guesses each `(name, location name)` in the sample data, where the names are new.
    static func figures(_ rows: [(name: String, location: String)], in list: ShoppingList) -> (Figures, [String]) {
        let guesser = LocationGuesser(list: list)
        var figures = Figures()
        var wrong: [String] = []
        for row in rows {
            figures.total += 1
            guard let guess = guesser.guess(row.name) else { continue }
            figures.placed += 1
            let name = list.location(guess.locationID)?.name ?? ""
            if name == row.location { figures.right += 1 } else { wrong.append("\(row.name) → \(name) (\(row.location))") }
        }
        return (figures, wrong)
    }

    @Test(.enabled(if: shared != nil, "../shared/aisles is not beside the repository"))
    func placesTheDevelopmentNamesIntoTheSampleLocations() throws {
        let text = try String(contentsOf: Self.shared!.appendingPathComponent("aisles/dev.tsv"), encoding: .utf8)
        let rows = text.split(separator: "\n").dropFirst().map { line in
            let fields = line.split(separator: "\t", omittingEmptySubsequences: false)
            return (name: String(fields[0]), location: String(fields[1]))
        }
        let (figures, wrong) = Self.figures(rows, in: try SampleData.load())
        print("dev.tsv: \(figures)")
        if ProcessInfo.processInfo.environment["SHOP_GUESS_WRONG"] != nil { print(wrong.joined(separator: "\n")) }
        #expect(figures.total == 2000)
        #expect(figures.placedShare >= 0.80, "\(figures)")
        #expect(figures.rightShare >= 0.79, "\(figures)")
    }
}
