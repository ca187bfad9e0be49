import Testing

@testable import ShopKit
@testable import shop

/// Merge conflicts are worded by the command line (ShopKit reports ``MergeConflict``, the facts and the
/// rule that settled it): the line `merge-file` and `sync` print after `shop: conflict: `, and
/// `sync --json`'s `"resolution"`, exactly as they read when ShopKit still wrote the words. The merges
/// behind these values are ShopKit's `Merge` tests.
@Suite struct MergeConflictWordingTests {
    func conflict(
        _ kind: MergeConflict.Kind, _ name: String, _ field: String, ours: String?, theirs: String?,
        kept: String?, side: MergeConflict.Side?, _ resolution: MergeConflict.Resolution
    ) -> MergeConflict {
        MergeConflict(
            kind: kind, name: name, field: field, ours: ours, theirs: theirs, kept: kept, keptSide: side,
            resolution: resolution)
    }

    @Test func aLaterEditNamesTheSideItCameFrom() {
        let later = conflict(
            .location, "Bakery", "visitationOrder", ours: "1", theirs: "2", kept: "2", side: .theirs, .laterEdit)
        #expect(
            ConflictText.text(later)
                == #"location "Bakery": visitationOrder changed on both sides (ours 1, theirs 2); kept the later edit (theirs: 2)"#
        )
        #expect(ConflictText.resolution(later) == "kept the later edit")
        let walk = conflict(
            .store, "Corner", "locationIds", ours: #""Dairy", "Bakery""#, theirs: #""Bakery", "Produce""#,
            kept: #""Dairy", "Bakery""#, side: .ours, .laterEdit)
        #expect(
            ConflictText.text(walk)
                == #"store "Corner": locationIds changed on both sides (ours "Dairy", "Bakery", theirs "Bakery", "Produce"); kept the later edit (ours: "Dairy", "Bakery")"#
        )
    }

    @Test func aTieSaysSoAndNeverClaimsALaterEdit() {
        let note = conflict(
            .item, "Milk", "note", ours: #""oat""#, theirs: #""soy""#, kept: #""oat""#, side: .ours, .tie)
        #expect(
            ConflictText.text(note)
                == #"item "Milk": note changed on both sides (ours "oat", theirs "soy"); same time; kept ours ("oat")"#)
        #expect(ConflictText.resolution(note) == "same time; kept ours")
        let theirs = conflict(.item, "Milk", "quantity", ours: "2", theirs: "3", kept: "3", side: .theirs, .tie)
        #expect(
            ConflictText.text(theirs)
                == #"item "Milk": quantity changed on both sides (ours 2, theirs 3); same time; kept theirs (3)"#)
        #expect(ConflictText.resolution(theirs) == "same time; kept theirs")
    }

    @Test func aRecordRemovedOnOneSideAndEditedOnTheOtherIsKept() {
        let removed = conflict(
            .location, "Fridge", "removed", ours: "removed", theirs: "edited", kept: nil, side: .theirs,
            .editedRecordKept)
        #expect(
            ConflictText.text(removed)
                == #"location "Fridge": removed on one side, edited on the other; kept the edited record"#)
        #expect(ConflictText.resolution(removed) == "kept the edited record")
    }

    @Test func twoRecordsOfOneNameBecomeOneKeepingAnId() {
        let id = "6F0B1C2D-0000-4000-8000-000000000001"
        let united = conflict(.item, "Milk", "same name", ours: nil, theirs: "X", kept: id, side: nil, .united)
        #expect(
            ConflictText.text(united)
                == #"item "Milk": two records took the same name; one record, fields merged, kept the id (\#(id))"#)
        #expect(ConflictText.resolution(united) == "one record, fields merged, kept the id")
    }

    @Test func theNameIsQuotedEscapedAndCutSoALineStaysOneLine() {
        let hostile = conflict(
            .item, "ctrl\u{1}\n\"name\"", "quantity", ours: "2", theirs: "3", kept: "3", side: .theirs, .laterEdit)
        #expect(ConflictText.text(hostile).hasPrefix(#"item "ctrl\u{1}\n\"name\"": quantity changed"#))
        let long = conflict(
            .item, String(repeating: "a", count: 100), "quantity", ours: "2", theirs: "3", kept: "3", side: .theirs,
            .laterEdit)
        #expect(
            ConflictText.text(long)
                == "item \"" + String(repeating: "a", count: 59)
                + "…\": quantity changed on both sides (ours 2, theirs 3); kept the later edit (theirs: 3)")
    }
}
