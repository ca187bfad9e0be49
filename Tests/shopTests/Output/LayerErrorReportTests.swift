import Foundation
import ShopKit
import Testing

@testable import shop

/// Each layer with failures of its own throws its own error type (issue 49); ``ErrorReport`` alone words them and
/// picks their exit codes, exactly as when they were cases of ``ShopError``. A core error a layer passes on is worded
/// and coded as the core's.
@Suite struct LayerErrorReportTests {
    @Test func recipeErrorsKeepTheirWordsAndExitCodes() {
        let servings = ErrorReport(RecipeError.recipeWithoutServings(file: "soup.cook"))
        #expect(
            servings.text == """
                Error: 'soup.cook' does not say how many servings it makes
                Hint: use --scale to scale it instead

                """)
        #expect(servings.exitCode == 1)
        let quantity = ErrorReport(
            RecipeError.invalidIngredientQuantity(source: "bad.cook: @flour", quantity: "-1", problem: .negative))
        #expect(quantity.message == "'bad.cook: @flour': quantity '-1' is not a number above 0 within the limits")
        #expect(
            quantity.hint
                == "a number in a quantity is above 0 (2, 1/2, 0.25); write words for no amount, such as {few%sprigs}")
        #expect(quantity.exitCode == 1)
        let big = ErrorReport(
            RecipeError.refusedRecipeFile(path: "big.cook", reason: "the file is over the limit of 1 MiB"))
        #expect(
            big.text
                == "Error: 'big.cook': the file is over the limit of 1 MiB\nHint: give a Cooklang file of at most 1 MiB\n"
        )
        #expect(big.exitCode == 65)
        let label = ErrorReport(
            RecipeError.recipeLabelNotFound(recipe: "rice", label: "sunday", labels: ["friday", nil]))
        #expect(label.message == "no recipe on the list matches 'rice --for sunday'")
        #expect(label.hint == "on the list: '--for friday', '(no label)'")
        #expect(label.exitCode == 1)
        let plan = ErrorReport(
            RecipeError.invalidPlan(path: "p.shopping-list", line: 2, detail: "an ingredient without a name"))
        #expect(plan.message == "'p.shopping-list':2: not a meal plan line: an ingredient without a name")
        #expect(plan.exitCode == 65)
        // The core's failures keep the core's words and codes: a file that cannot be read is 74.
        let missing = ShopError.cannotRead(path: "nothere.cook", reason: "No such file or directory")
        #expect(ErrorReport(RecipeError.core(missing)) == ErrorReport(missing))
        #expect(ErrorReport(RecipeError.core(missing)).exitCode == 74)
        #expect(CommandFailure(RecipeError.core(missing)).report == ErrorReport(missing))
    }
}

extension CommandFailure {
    /// The report the command line prints for this failure (`nil` for a usage error).
    fileprivate var report: ErrorReport? {
        switch self {
        case .shop(let error): ErrorReport(error)
        case .report(let report): report
        case .usage: nil
        }
    }
}
