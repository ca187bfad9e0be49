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

    /// Sharing's failures (ShopSharing), once the nine cases of `ShopError` under "Sharing through git": the same words,
    /// 65 for what a remote sends refused, 74 for a remote that does not answer, 1 for the rest; the core's as the core's.
    @Test func syncErrorsKeepTheirWordsAndExitCodes() {
        func words(_ error: SyncError) -> String { ErrorReport(error).text }
        func code(_ error: SyncError) -> Int32 { ErrorReport(error).exitCode }
        #expect(
            words(.gitMissing)
                == "Error: git is not installed (or not on PATH)\n"
                + "Hint: shop syncs through git: install it, e.g. 'apt-get install git'\n")
        #expect(
            words(.notARepository(path: "a/shop.json"))
                == "Error: 'a/shop.json' is not in a git repository\nHint: 'shop sync init [URL]' sets it up\n")
        #expect(
            words(.noRemote(path: "a/shop.json"))
                == "Error: the repository of 'a/shop.json' has no remote 'origin' to sync with\n"
                + "Hint: 'shop sync init URL' adds one\n")
        #expect(
            words(.originMismatch(existing: "/r/a.git", given: "/r/b.git"))
                == "Error: the remote 'origin' is already '/r/a.git', not '/r/b.git'\n"
                + "Hint: nothing was changed; 'git remote set-url origin URL' changes it\n")
        #expect(
            words(.gitFailed(command: "git push origin main", message: "rejected\nhint: fetch first"))
                == "Error: git push origin main failed: rejected / hint: fetch first\n")
        #expect(
            ErrorReport(SyncError.gitFailed(command: "git write-tree", message: "")).message.hasSuffix(": no message"))
        #expect(
            words(.remoteUnreachable(remote: "/r/gone.git", message: "fatal: no such repository"))
                == "Error: cannot reach '/r/gone.git': fatal: no such repository\n"
                + "Hint: your changes are committed locally; the next 'shop sync' sends them\n")
        #expect(
            words(.remoteTimedOut(remote: "ssh://nas/list.git", seconds: 2.5))
                == "Error: 'ssh://nas/list.git' did not answer within 3 s; git was stopped\n"
                + "Hint: your changes are committed locally; the next 'shop sync' sends them "
                + "(SHOP_SYNC_TIMEOUT sets the limit in seconds)\n")
        #expect(
            words(.remoteRefused(source: "origin/main:shop.json", reason: .dataFileRemoved))
                == "Error: refused 'origin/main:shop.json': the remote removed the data file\n"
                + "Hint: nothing local was changed; fix or revert that commit on the remote (or from another device), "
                + "then 'shop sync'\n")
        #expect(
            words(.syncRefused(.invalidTimeout("abc")))
                == "Error: SHOP_SYNC_TIMEOUT is \"abc\", not a number of seconds\n"
                + "Hint: set it to a number above 0 (the default is 60), or unset it\n")
        #expect(code(.remoteRefused(source: "origin/main:shop.json", reason: .folder)) == 65)
        #expect(code(.remoteUnreachable(remote: "r", message: "m")) == 74)
        #expect(code(.remoteTimedOut(remote: "r", seconds: 60)) == 74)
        let refused: [SyncError] = [
            .gitMissing, .notARepository(path: "p"), .noRemote(path: "p"), .originMismatch(existing: "a", given: "b"),
            .gitFailed(command: "git x", message: "m"), .syncRefused(.detachedHead(folder: "/r")),
        ]
        #expect(refused.map(code) == Array(repeating: 1, count: refused.count))
        // The core's failures in a sync keep the core's words and codes: a remote's damaged file is 65, the lock 75.
        let damaged = ShopError.corruptFile(path: "origin/main:shop.json", detail: "line 2, column 1: unexpected end")
        #expect(ErrorReport(SyncError.core(damaged)) == ErrorReport(damaged))
        #expect(code(.core(damaged)) == 65)
        #expect(code(.core(.busy(lockPath: ".shop.json.lock", waitedSeconds: 5))) == 75)
        #expect(CommandFailure(SyncError.core(damaged)).report == ErrorReport(damaged))
        #expect(CommandFailure(SyncError.gitMissing).report == ErrorReport(SyncError.gitMissing))
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
