import Foundation
import ShopJSON
import Testing

@testable import ShopModel

/// SPEC 20: names that look alike are one name. The key folds by compatibility (NFKC) and full case
/// folding; zero-width and text-direction controls are refused like control characters.
struct NameFoldingTests {
    @Test(arguments: [
        ("ｍｉｌｋ", "milk"), ("STRASSE", "Straße"), ("ẞ", "ss"), ("ﬁsh", "FISH"), ("Ⅻ", "xii"),
        ("cafe\u{301}", "CAFÉ"), ("ǅ", "dž"), ("ΣΊΣΥΦΟΣ", "σίσυφος"), ("①", "1"), ("Ｍｉｌｋ　ｓｈａｋｅ", "milk shake"),
    ])
    func namesThatLookAlikeShareOneKey(_ pair: (String, String)) {
        #expect(NameOrder.key(pair.0) == NameOrder.key(pair.1), "\(pair)")
    }

    @Test func distinctNamesKeepDistinctKeys() {
        #expect(NameOrder.key("milk") != NameOrder.key("mild"))
        #expect(NameOrder.key("é") != NameOrder.key("e"))
        #expect(NameOrder.key("Milk") == "milk")
    }

    /// The sort keys the data file and the list are ordered by are built the same way as the lookup key.
    @Test func sortKeysAgreeWithTheLookupKey() {
        for name in ["ｍｉｌｋ", "Straße", "Zebra", "ÄPFEL", "ﬁg"] {
            var name = name
            var bytes: [UInt8] = []
            NameOrder.appendKey(of: &name, to: &bytes)
            #expect(String(decoding: bytes, as: UTF8.self) == NameOrder.key(name))
        }
    }

    @Test(arguments: [
        "milk\u{200B}", "\u{202E}milk", "mi\u{200D}lk", "milk\u{2060}", "\u{FEFF}milk", "mi\u{2066}lk", "milk\u{200F}",
    ])
    func invisibleCharactersAreRefused(_ name: String) {
        #expect(throws: ShopError.invalidName(name, kind: .item, problem: .invisibleCharacter)) {
            try Validation.name(name, kind: .item)
        }
    }

    /// A zero-width joiner gluing pictographs (a family emoji) is part of a picture: kept and shown.
    @Test func emojiSequencesKeepTheirJoiners() throws {
        let family = "👨\u{200D}👩\u{200D}👧 snacks"
        #expect(try Validation.name(family, kind: .item) == family)
        #expect(Escape.forTerminal(family + "\u{1B}") == family + "\\e")
        #expect(throws: ShopError.self) { try Validation.name("a\u{200D}b", kind: .item) }
        #expect(throws: ShopError.self) { try Validation.name("👨\u{200D}", kind: .item) }
    }

    @Test func invisibleCharactersAreEscapedWhenShown() {
        #expect(Escape.forTerminal("\u{202E}klim") == "\\u{202e}klim")
        #expect(Escape.forTerminal("milk\u{200B}") == "milk\\u{200b}")
    }

    /// A file an older shop wrote with both names loads unchanged; the first keeps the name, the other
    /// is reached by id, and renaming it leaves the first where it was.
    @Test func aFileHoldingTwoLookAlikesLoadsAndNamesThePair() throws {
        let unknown = Location.makeUnknown()
        let plain = Item(name: "milk", locationID: unknown.id)
        let wide = Item(name: "ｍｉｌｋ", locationID: unknown.id)
        var list = try ShoppingList(items: [plain, wide], locations: [unknown])
        #expect(list.itemCount == 2)
        #expect(list.lookAlikes.count == 1)
        #expect(list.lookAlikes.first?.kept.name == "milk")
        #expect(list.lookAlikes.first?.other.id == "\(wide.id)")
        #expect(list.item(named: "MILK")?.id == plain.id)
        _ = try list.edit(wide.id, ItemChanges(name: "oat milk"))
        #expect(list.item(named: "milk")?.id == plain.id)
        #expect(list.item(named: "oat milk")?.id == wide.id)
        // Names that were one name before folding were never valid, and are still refused.
        let upper = Item(name: "MILK", locationID: unknown.id)
        #expect(throws: ShopError.self) { try ShoppingList(items: [plain, upper], locations: [unknown]) }
    }
}
