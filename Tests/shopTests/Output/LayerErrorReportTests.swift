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

    /// The purchase history's and stock's failures (ShopHistory), once `ShopError.stockRefused` and
    /// `.reversedDayRange`: the same words, exit 1; `--keeps` days and a minimum in one unit stay the core's.
    @Test func historyErrorsKeepTheirWordsAndExitCodes() {
        let notStocked = ErrorReport(HistoryError.notStocked(item: "Greek yogurt"))
        #expect(
            notStocked.text == """
                Error: 'Greek yogurt' is not kept in stock
                Hint: start keeping it: shop edit "Greek yogurt" --stock

                """)
        #expect(notStocked.exitCode == 1)
        let family = ErrorReport(HistoryError.otherFamily(item: "cheese", asked: "1 l", atHome: "200 g"))
        #expect(family.message == "'cheese' is at home in 200 g, not in a unit like '1 l'")
        #expect(family.exitCode == 1)
        let open = ErrorReport(HistoryError.nothingToOpen(item: "milk"))
        #expect(open.message == "nothing of 'milk' is at home to open")
        #expect(open.hint == "see 'shop stock'")
        #expect(ErrorReport(HistoryError.invalidBestBefore("soon")).message == "invalid best-before 'soon'")
        #expect(
            ErrorReport(HistoryError.bestBeforeOutOfRange("0026-12-20")).message
                == "best-before '0026-12-20' is not between the years 1970 and 9999")
        let days = ErrorReport(
            HistoryError.reversedDayRange(since: CalendarDay(number: 20_000), until: CalendarDay(number: 19_999)))
        #expect(
            days.text
                == "Error: --since 2024-10-04 is after --until 2024-10-03\nHint: give the earlier day to --since\n")
        #expect(days.exitCode == 1)
        let keeps = ErrorReport(ShopError.invalidDays(option: "--keeps", days: 0))
        #expect(keeps.text == "Error: --keeps 0 is out of range\nHint: --keeps takes a number of days from 1 to 3650\n")
        #expect(keeps.exitCode == 1)
        #expect(
            ErrorReport(ShopError.minimumInOneUnit("1 kg + 2 cups")).message == "invalid minimum stock '1 kg + 2 cups'")
        let unknown = ShopError.notFound("tea", kind: .item, candidates: [])
        #expect(ErrorReport(HistoryError.core(unknown)) == ErrorReport(unknown))
        #expect(CommandFailure(HistoryError.core(unknown)).report == ErrorReport(unknown))
        #expect(CommandFailure(HistoryError.notStocked(item: "Greek yogurt")).report == notStocked)
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
