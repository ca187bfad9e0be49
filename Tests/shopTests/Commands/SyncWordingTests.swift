import Foundation
import Testing

/// SPEC 14, "everything said, in people's words" and "the loser is told": joins read as joins on every
/// device, `drop` and a recipe taken back never read as bought, and the device whose edit lost a conflict
/// is told once, with both values and the winner's device.
@Suite(.serialized, .enabled(if: SyncLab.hasGit)) struct SyncWordingTests {
    @Test func twoSameNamedRecordsJoinedReadAsAJoinOnBothDevices() throws {
        let lab = try SyncLab()
        defer { lab.remove() }
        let laptop = try lab.device("laptop")
        let phone = try lab.device("phone")
        try laptop.ok(["device", "name", "laptop"])
        try phone.ok(["device", "name", "phone"])
        try laptop.ok(["add", "Milk", "Eggs"])
        // The phone had a list of its own, with the same milk spelt otherwise.
        try phone.ok(["add", "milk", "tea"])
        try lab.join(laptop)
        try phone.ok(["sync", "init", lab.remote.path])
        let joined = try phone.ok(["sync"]).stderr
        #expect(joined.contains("joined: milk + Milk (from laptop)"), "\(joined)")
        let told = try laptop.ok(["sync"]).stderr
        #expect(told.contains("joined: Milk + milk (from phone)"), "\(told)")
        for text in [joined, told] {
            // Neither a conflict, a rename, nor an add and a removal: only the join names the milk.
            let summary = text.split(separator: "\n").filter { $0.hasPrefix("came in:") || $0.hasPrefix("went out:") }
            #expect(!text.contains("conflict") && summary.allSatisfy { !$0.lowercased().contains("milk") }, "\(text)")
        }
        let json = try JSONSerialization.jsonObject(with: Data(try laptop.ok(["sync", "--json"]).stdout.utf8))
        #expect((json as? [String: Any])?["joined"] as? [Any] != nil)
        #expect(try laptop.items().keys.sorted() == phone.items().keys.sorted())

        // Two devices adding the same new item apart: one cheddar, said as a join, never `+ C, − C`.
        try laptop.ok(["add", "Cheddar"])
        try phone.ok(["add", "cheddar"])
        try laptop.ok(["sync"])
        let cheddar = try phone.ok(["sync"]).stderr
        #expect(cheddar.contains("joined: cheddar + Cheddar (from laptop)"), "\(cheddar)")
        #expect(!cheddar.contains("Cheddar,") && !cheddar.contains("\u{2212}"), "\(cheddar)")
    }

    @Test func aDropAndARecipeTakenBackNeverReadAsBought() throws {
        let lab = try SyncLab()
        defer { lab.remove() }
        let laptop = try lab.device("laptop")
        let phone = try lab.device("phone")
        let recipe = lab.root.appendingPathComponent("curry.cook")
        try Data("Fry @chicken thighs{500%g} with @onion{1}.".utf8).write(to: recipe)
        try laptop.ok(["add", "milk", "eggs"])
        try laptop.ok(["recipe", "add", recipe.path])
        try lab.join(laptop, phone)
        try laptop.ok(["drop", "milk"])
        try laptop.ok(["recipe", "remove", "curry"])
        try laptop.ok(["buy", "eggs"])
        let out = try laptop.ok(["sync"]).stderr
        let came = try phone.ok(["sync"]).stderr
        for text in [out, came] {
            #expect(text.contains("milk off the list"), "\(text)")
            #expect(text.contains("chicken thighs off the list (recipe taken back)"), "\(text)")
            #expect(text.contains("eggs bought"), "\(text)")
            #expect(
                !text.contains("milk bought") && !text.contains("thighs bought") && !text.contains("recipesOnly"),
                "\(text)")
        }
        let subject = try SyncLab.git(["log", "-1", "--format=%s", "main"], in: lab.remote)
        #expect(subject.contains("drop milk") && subject.contains("buy eggs"), "\(subject)")
    }

    @Test func theDeviceWhoseEditLostIsToldOnceWithBothValuesAndTheWinner() throws {
        let lab = try SyncLab()
        defer { lab.remove() }
        let laptop = try lab.device("laptop")
        let phone = try lab.device("phone")
        try laptop.ok(["device", "name", "laptop"])
        try phone.ok(["device", "name", "phone"])
        try laptop.ok(["add", "Milk"])
        try lab.join(laptop, phone)
        // The phone's note goes out first; the laptop, not having synced, writes a later one and merges.
        try phone.ok(["edit", "milk", "--note", "lactose free please"])
        try phone.ok(["sync"])
        try laptop.ok(["edit", "milk", "--note", "regular"])
        try laptop.ok(["sync"])
        let told = try phone.ok(["sync"]).stderr
        #expect(
            told.contains("replaced: your note on Milk (\"lactose free please\") by laptop's later edit (\"regular\")"),
            "\(told)")
        // Once: the next sync says nothing of it.
        #expect(!(try phone.ok(["sync"]).stderr.contains("replaced")))
        #expect(try phone.items()["Milk"]?["note"] as? String == "regular")

        // And in JSON, the other way round: the laptop's edit loses to the phone's later one.
        try laptop.ok(["edit", "milk", "-q", "2"])
        try laptop.ok(["sync"])
        try phone.ok(["edit", "milk", "-q", "6"])
        try phone.ok(["sync"])
        let json = try laptop.ok(["sync", "--json"]).stdout
        let object = try JSONSerialization.jsonObject(with: Data(json.utf8)) as? [String: Any]
        let replaced = try #require(object?["replaced"] as? [[String: Any]])
        #expect(replaced.count == 1, "\(json)")
        #expect(replaced.first?["yours"] as? String == "2" && replaced.first?["kept"] as? String == "6", "\(json)")
        #expect(replaced.first?["by"] as? String == "phone" && replaced.first?["word"] as? String == "quantity")
        #expect(try !laptop.ok(["sync", "--json"]).stdout.contains("\"by\""))
    }
}
