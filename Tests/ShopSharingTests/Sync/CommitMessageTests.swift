import ShopFormats
import ShopHistory
import Testing

@testable import ShopModel
@testable import ShopSharing

/// The subject of `sync`'s commits (SPEC 14), from hand-made changes: grouped by verb in the order first
/// seen, a list move said once, purchases said by their item, and at most eight names.
@Suite struct CommitMessageTests {
    func change(
        _ kind: RecordChange.Kind, _ name: String, _ change: RecordChange.Change, words: [String] = [],
        move: RecordChange.ListMove? = nil
    ) -> RecordChange {
        RecordChange(kind: kind, id: name, name: name, change: change, fields: words, words: words, listMove: move)
    }

    func subject(_ changes: [RecordChange]) -> String {
        var all = RecordChanges()
        all.changes = changes
        return CommitMessage.subject(all)
    }

    @Test func nothingChangedIsAnEmptySubject() {
        #expect(CommitMessage.subject(RecordChanges()).isEmpty)
    }

    @Test func recordsAreGroupedByWhatWasDone() {
        let text = subject([
            change(.item, "Milk", .changed, words: ["on the list", "date bought"], move: .bought),
            change(.item, "Eggs", .changed, words: ["on the list", "date bought", "note"], move: .bought),
            change(.item, "Bread", .added),
            change(.item, "Jam", .changed, words: ["restock every"]),
            change(.location, "Deli", .removed),
            change(.recipeNeed, "Flour", .added),
        ])
        #expect(
            text == "buy Milk, Eggs; edit Eggs (note), Jam (restock every); add Bread; location remove Deli; "
                + "recipe need add Flour")
    }

    @Test func aPurchaseIsSaidByItsItemUnlessTheItemWasBought() {
        let text = subject([
            change(.item, "Milk", .changed, words: ["on the list"], move: .bought),
            change(.purchase, "Milk", .added),
            change(.purchase, "Tea", .added),
            change(.purchase, "Jam", .removed),
        ])
        #expect(text == "buy Milk; log a purchase of Tea; unbuy Jam")
    }

    @Test func everyListMoveHasItsVerb() {
        let moves: [RecordChange.ListMove] = [.dropped, .recipeTakenBack, .backOnList]
        let text = subject(moves.enumerated().map { change(.item, "n\($0.offset)", .changed, move: $0.element) })
        #expect(text == "drop n0; recipe took back n1; put back n2")
    }

    @Test func atMostEightNamesThenHowManyMore() {
        let text = subject((1...11).map { change(.item, "i\($0)", .added) })
        #expect(text == "add i1, i2, i3, i4, i5, i6, i7, i8; and 3 more")
    }
}
