import Foundation
import Testing

/// SPEC 21, evidence (1): when a person moves an item out of a guessed location, the words of its name are learned for
/// the location moved to, the strongest evidence for where new items go, in records that travel through `sync`.
@Suite(.serialized) struct LearnFromMovesEndToEndTests {
    /// A shop with a Cheese Counter and a Deli, `gouda` placed by a guess at the Cheese Counter.
    static func shopWithAGuessedGouda() throws -> ShopProcess {
        let shop = try ShopProcess()
        try shop.run(["location", "add", "Cheese Counter", "--order", "1"])
        try shop.run(["location", "add", "Deli", "--order", "2"])
        let added = try shop.run(["add", "gouda"])
        #expect(added.stderr.hasPrefix("Added gouda to Cheese Counter (guessed from 'gouda'"), "\(added)")
        return shop
    }

    static func dataText(_ shop: ShopProcess) throws -> String {
        String(decoding: try Data(contentsOf: shop.dataFile), as: UTF8.self)
    }

    /// An export carries the learned words, and importing it into a household that has items brings them in for its
    /// location of the same name (before, only an import into an empty file kept them).
    @Test func importingAnExportBringsItsLearnedWords() throws {
        let shop = try Self.shopWithAGuessedGouda()
        defer { shop.remove() }
        try shop.run(["edit", "gouda", "-l", "Deli"])
        let export = shop.dataFile.deletingLastPathComponent().appendingPathComponent("export.json")
        try shop.run(["export", "--output", export.path])
        let other = try ShopProcess()
        defer { other.remove() }
        try other.run(["location", "add", "Deli"])
        try other.run(["location", "add", "Cheese Counter"])
        try other.run(["add", "milk"])
        #expect(try other.run(["guess", "aged gouda"]).stdout == "aged gouda: Cheese Counter (guessed from 'gouda')\n")
        let imported = try other.run(["import", export.path])
        #expect(imported.status == 0, "\(imported)")
        #expect(
            try other.run(["guess", "aged gouda"]).stdout == "aged gouda: Deli (learned from your moves: 'gouda')\n")
    }

    /// Before, a person's move taught nothing: the next gouda went back to the Cheese Counter.
    @Test func aMoveOutOfAGuessTeachesItsWordAndTheNextItemGoesThere() throws {
        let shop = try Self.shopWithAGuessedGouda()
        defer { shop.remove() }
        var outcome = try shop.run(["edit", "gouda", "-l", "Deli"])
        #expect(outcome.stderr == "Updated gouda\nLearned 'gouda' for Deli: new items like it go there\n", "\(outcome)")
        #expect(try Self.dataText(shop).contains("\"learnedWords\" : ["))
        try shop.run(["remove", "gouda"])
        outcome = try shop.run(["add", "gouda", "smoked gouda"])
        #expect(
            outcome.stderr == """
                Added gouda to Deli (learned from your moves: 'gouda'; 'shop edit gouda --location …' moves it)
                Added smoked gouda to Deli (learned from your moves: 'gouda'; \
                'shop edit "smoked gouda" --location …' moves it)

                """, "\(outcome)")
        #expect(
            try shop.run(["show", "smoked gouda"]).stdout.contains(
                "Location:     Deli (learned from your moves: 'gouda')"))
        let json = try shop.run(["add", "--json", "young gouda"])
        let objects = try #require(try JSONSerialization.jsonObject(with: Data(json.stdout.utf8)) as? [[String: Any]])
        let guess = try #require(objects.first?["locationGuess"] as? [String: Any])
        #expect(guess["location"] as? String == "Deli")
        #expect(guess["because"] as? String == "learned from your moves: 'gouda'")
        // `guess` says it too, and changes nothing.
        let before = try Data(contentsOf: shop.dataFile)
        outcome = try shop.run(["guess", "gouda slices"])
        #expect(outcome.stdout == "gouda slices: Deli (learned from your moves: 'gouda')\n", "\(outcome)")
        #expect(try Data(contentsOf: shop.dataFile) == before)
    }

    /// A learned word beats the vocabulary (cheese) and the household's own items (two goudas a person put at the
    /// Cheese Counter); nothing that exists moves.
    @Test func aLearnedWordBeatsTheVocabularyAndTheHouseholdsItemsAndNothingMoves() throws {
        let shop = try Self.shopWithAGuessedGouda()
        defer { shop.remove() }
        try shop.run(["add", "aged gouda", "-l", "Cheese Counter"])
        try shop.run(["add", "goat gouda", "-l", "Cheese Counter"])
        try shop.run(["edit", "gouda", "-l", "Deli"])
        let outcome = try shop.run(["guess", "young gouda", "aged gouda"])
        #expect(
            outcome.stdout == """
                young gouda: Deli (learned from your moves: 'gouda')
                aged gouda: Cheese Counter (already yours; it stays there)

                """, "\(outcome)")
        try shop.run(["add", "aged gouda", "goat gouda"])
        let list = try shop.run(["list", "--by-location"]).stdout
        #expect(list.contains("Cheese Counter (2)\n  aged gouda\n  goat gouda\n"), "\(list)")
    }

    /// `add NAME --location` of an item shop placed by a guess is a move too: it teaches, and says so.
    @Test func addWithALocationOfAGuessedItemTeachesItsWord() throws {
        let shop = try Self.shopWithAGuessedGouda()
        defer { shop.remove() }
        let outcome = try shop.run(["add", "gouda", "-l", "Deli"])
        #expect(outcome.stderr.hasSuffix("Learned 'gouda' for Deli: new items like it go there\n"), "\(outcome)")
        #expect(try shop.run(["guess", "young gouda"]).stdout.hasPrefix("young gouda: Deli (learned from your moves"))
    }

    /// Moving an item a person placed, or to the Unknown Location ("I don't know"), teaches nothing.
    @Test func movingAnItemNobodyGuessedOrToTheUnknownLocationLearnsNothing() throws {
        let shop = try Self.shopWithAGuessedGouda()
        defer { shop.remove() }
        try shop.run(["add", "brie", "-l", "Cheese Counter"])
        var outcome = try shop.run(["edit", "brie", "-l", "Deli"])
        #expect(outcome.stderr == "Updated brie\n", "\(outcome)")
        outcome = try shop.run(["edit", "gouda", "-l", "Unknown Location"])
        #expect(outcome.stderr == "Updated gouda\n", "\(outcome)")
        #expect(!(try Self.dataText(shop).contains("learnedWords")))
        outcome = try shop.run(["guess", "camembert"])
        #expect(outcome.stdout == "camembert: Cheese Counter (guessed from 'camembert')\n", "\(outcome)")
    }

    /// A location removed takes its learned words with it: the next gouda is guessed as before.
    @Test func removingALocationDeletesItsLearnedWords() throws {
        let shop = try Self.shopWithAGuessedGouda()
        defer { shop.remove() }
        try shop.run(["edit", "gouda", "-l", "Deli"])
        #expect(try Self.dataText(shop).contains("\"learnedWords\""))
        try shop.run(["location", "remove", "Deli"])
        #expect(!(try Self.dataText(shop).contains("learnedWords")))
        let outcome = try shop.run(["guess", "young gouda"])
        #expect(outcome.stdout == "young gouda: Cheese Counter (guessed from 'gouda')\n", "\(outcome)")
    }
}

/// What one device learned, the other guesses after `sync` (SPEC 21: learned words are records of the shared file).
@Suite(.serialized, .enabled(if: SyncLab.hasGit)) struct LearnFromMovesSyncTests {
    @Test func aWordLearnedOnOneDeviceIsUsedOnAnotherAfterSync() throws {
        let lab = try SyncLab()
        defer { lab.remove() }
        let laptop = try lab.device("laptop")
        let phone = try lab.device("phone")
        try laptop.ok(["location", "add", "Cheese Counter", "--order", "1"])
        try laptop.ok(["location", "add", "Deli", "--order", "2"])
        try lab.join(laptop, phone)
        try laptop.ok(["add", "gouda"])
        try laptop.ok(["edit", "gouda", "-l", "Deli"])
        try laptop.ok(["remove", "gouda"])
        #expect(try laptop.ok(["sync"]).stderr.contains("went out: + learned word gouda"))
        let cameIn = try phone.ok(["sync"])
        #expect(cameIn.stderr.contains("came in: + learned word gouda"), "\(cameIn)")
        let outcome = try phone.ok(["add", "gouda"])
        #expect(outcome.stderr.hasPrefix("Added gouda to Deli (learned from your moves: 'gouda'"), "\(outcome)")
    }
}
