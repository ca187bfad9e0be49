import ShopKit
import Testing

@testable import shop

/// Option groups: declared once, shared by the commands that list them, read typed through key paths.
@Suite struct OptionGroupTests {
    /// `add` and `edit` share ``ItemOptions``: `add` takes its settings, `edit` the settings and the flags
    /// that clear them, in one order.
    @Test func addAndEditShareTheItemOptions() throws {
        let add = try #require(CommandTable.command(at: ["add"])).options.map(\.long)
        let edit = try #require(CommandTable.command(at: ["edit"])).options.map(\.long)
        #expect(add == ItemOptions.settingSpecs.map(\.long) + ["json"])
        #expect(edit == ["name"] + ItemOptions.specs.map(\.long) + ["json"])
        #expect(edit.filter { add.contains($0) } == add)
        #expect(Set(edit).subtracting(add) == Set(ItemOptions.clearingFlags + ["name"]))
    }

    /// Each option lands in the property it is bound to, as its typed value; the last of several wins.
    @Test func valuesAreDecodedIntoTheGroup() throws {
        let parsed = try #require(
            invocation(["edit", "tea", "-q", "2", "-q", "500g", "--every", "auto", "--unstar", "-l", "Aisle 3"]))
        let options = ItemOptions(parsed.options)
        #expect((try options.quantity?.get())?.description == "500 g")
        #expect(options.every == .learned)
        #expect(options.unstar && !options.star)
        #expect(options.location == "Aisle 3")
        #expect(options.price == nil && options.note == nil && !options.noPack)
        #expect(ItemOptions.conflicts(in: parsed.options).isEmpty)
        let both = try #require(invocation(["edit", "tea", "--pantry", "--no-pantry", "--star", "--unstar"]))
        #expect(ItemOptions.conflicts(in: both.options).map(\.clearing.long) == ["unstar", "no-pantry"])
        #expect(ItemOptions.conflicts(in: both.options).map(\.setting.long) == ["star", "pantry"])
    }

    /// `buy`'s receipt options and the date range of `history` and `spending` are groups too.
    @Test func receiptAndDateRangeGroups() throws {
        let buy = try #require(
            invocation(["buy", "tea", "-q", "3", "--paid", "4.50", "--date", "2026-11-20", "--again"]))
        let receipt = ReceiptOptions(buy.options)
        #expect((try receipt.quantityBought?.get()) == Amount(count: 3))
        #expect((try receipt.paid?.get())?.description == "4.50")
        if case .day(let bought)? = receipt.date {
            #expect(bought.description == "2026-11-20")
        } else {
            Issue.record("--date 2026-11-20 should decode to its day, not \(String(describing: receipt.date))")
        }
        #expect(receipt.again && receipt.price == nil)
        let history = try #require(invocation(["history", "--since", "2026-01-01"]))
        let range = DateRangeOptions(history.options)
        if case .day(let since)? = range.since {
            #expect(since.description == "2026-01-01" && range.until == nil)
        } else {
            Issue.record("--since 2026-01-01 should decode to its day, not \(String(describing: range.since))")
        }
        for path in [["history"], ["spending"]] {
            let longs = try #require(CommandTable.command(at: path)).options.map(\.long)
            #expect(longs.contains("since") && longs.contains("until"))
        }
    }

    /// The completion scripts ask `__complete` for kinds it knows, by their raw words.
    @Test func completionKindsRoundTrip() {
        for kind in CompletionKind.allCases {
            #expect(CompletionKind(rawValue: kind.rawValue) == kind)
        }
        #expect(CompletionScripts.positionalCandidates(["buy"], CommandTable.command(at: ["buy"])!) == .names(.onlist))
    }
}
