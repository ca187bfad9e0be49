import Foundation
import Testing

@testable import ShopKit

/// SPEC 14, "everything said, in people's words": every field of every item, location and store changed on
/// one device is reported by name on the others, in the summary's text and in `--json`. The fields come
/// from the records' tables (``RecordField``), so a new field fails here until a command changes it below.
/// (A recipe's fields and its needs change only with the recipe, which no command edits in place; their
/// rows are covered in ShopKit's `RecordFieldTableTests`.)
@Suite(.serialized, .enabled(if: SyncLab.hasGit)) struct SyncEveryFieldTests {
    /// The command that changes each field, on a record of its own (`item note`, ...), and a fragment the
    /// text summary says for it (by default the record's name and the field's word).
    struct Case {
        var command: [String]
        var text: String? = nil
        /// A second command, when one alone changes more than the field.
        var then: [String]? = nil
    }

    static let itemCases: [String: Case] = [
        "name": Case(command: ["edit", "item name", "--name", "item renamed"], text: "item renamed (name)"),
        "quantity": Case(command: ["edit", "item quantity", "-q", "3"], text: "item quantity ×3 (quantity)"),
        // Made the person's too: it keeps an amount of its own (1) from now on.
        "recipesOnly": Case(
            command: ["add", "item recipesOnly"], text: "item recipesOnly ×1 (quantity, for recipes only)"),
        "pantry": Case(command: ["edit", "item pantry", "--pantry"]),
        "onList": Case(command: ["drop", "item onList"], text: "item onList off the list"),
        "isAvailable": Case(command: ["unavailable", "item isAvailable"]),
        // Bought and put back on the list: only the date it was bought changed.
        "dateLastPurchased": Case(
            command: ["buy", "item dateLastPurchased"], then: ["add", "item dateLastPurchased"]),
        "locationId": Case(command: ["edit", "item locationId", "-l", "Dairy"]),
        // Moved to another list (SPEC 22).
        "listId": Case(command: ["mv", "item listId", "Party"]),
        // A guessed location (SPEC 21: `gouda`, added beside a Cheese location) that a person moves.
        "locationGuess": Case(command: ["edit", "gouda", "-l", "Dairy"], text: "gouda (location, location guess)"),
        "price": Case(command: ["edit", "item price", "--price", "2.49"]),
        "pack": Case(command: ["edit", "item pack", "--pack", "250g"]),
        // A price paid at a store: bought there and put back on the list, so its date changed too, and its
        // own price, which it had none of (SPEC section 12).
        "storePrices": Case(
            command: ["--store", "Store name", "buy", "item storePrices", "--price", "1.99"],
            text: "item storePrices (date bought, price, prices at stores)", then: ["add", "item storePrices"]),
        "unavailableAt": Case(command: ["--store", "Store name", "unavailable", "item unavailableAt"]),
        "starred": Case(command: ["edit", "item starred", "--star"]),
        "note": Case(command: ["edit", "item note", "--note", "lactose free please"]),
        "every": Case(command: ["edit", "item every", "--every", "auto"]),
        "stock": Case(command: ["edit", "item stock", "--stock"], text: "item stock (kept in stock)"),
        "keeps": Case(command: ["edit", "item keeps", "--keeps", "14"]),
        "keepsOpen": Case(command: ["edit", "item keepsOpen", "--keeps-open", "5"]),
        "minStock": Case(command: ["edit", "item minStock", "--min-stock", "500g"]),
    ]

    static let locationCases: [String: Case] = [
        "name": Case(
            command: ["location", "edit", "Aisle name", "--name", "Aisle renamed"],
            text: "location Aisle renamed (name)"),
        "visitationOrder": Case(command: ["location", "edit", "Aisle visitationOrder", "--order", "7"]),
        "color": Case(command: ["location", "edit", "Aisle color", "--color", "#ff0000"]),
    ]

    static let storeCases: [String: Case] = [
        "name": Case(
            command: ["store", "edit", "Store name", "--name", "Store renamed"], text: "store Store renamed (name)"),
        "locationIds": Case(command: ["store", "order", "Store locationIds", "Dairy"]),
    ]

    static let listCases: [String: Case] = [
        "name": Case(command: ["lists", "rename", "List name", "List renamed"], text: "list List renamed (name)")
    ]

    @Test func everyFieldOfEveryRecordIsSaidByNameInTextAndJSON() throws {
        #expect(Set(Self.itemCases.keys) == Set(Item.fields.map(\.name)), "a new item field needs a command here")
        #expect(Set(Self.locationCases.keys) == Set(Location.fields.map(\.name)))
        #expect(Set(Self.storeCases.keys) == Set(Store.fields.map(\.name)))
        #expect(Set(Self.listCases.keys) == Set(NamedList.fields.map(\.name)))
        let lab = try SyncLab()
        defer { lab.remove() }
        let laptop = try lab.device("laptop")
        let phone = try lab.device("phone")
        let tablet = try lab.device("tablet")
        // A record of its own for each field, in the state its command changes.
        let recipe = lab.root.appendingPathComponent("soup.cook")
        try Data("Stir @item recipesOnly{1}.".utf8).write(to: recipe)
        try laptop.ok(["location", "add", "Dairy"])
        try laptop.ok(["add"] + Item.fields.map { "item \($0.name)" }.filter { $0 != "item recipesOnly" })
        try laptop.ok(["location", "add", "Cheese"])
        #expect(try laptop.ok(["add", "gouda"]).stderr.contains("Added gouda to Cheese (guessed from 'gouda'"))
        try laptop.ok(["recipe", "add", recipe.path])
        for field in Location.fields { try laptop.ok(["location", "add", "Aisle \(field.name)"]) }
        for field in Store.fields { try laptop.ok(["store", "add", "Store \(field.name)", "Aisle name"]) }
        try laptop.ok(["lists", "add", "Party"])
        for field in NamedList.fields { try laptop.ok(["lists", "add", "List \(field.name)"]) }
        try lab.join(laptop, phone, tablet)

        let kinds: [(kind: String, prefix: String, fields: [(String, String)], cases: [String: Case])] = [
            ("item", "item", Item.fields.map { ($0.name, $0.word) }, Self.itemCases),
            ("location", "location Aisle", Location.fields.map { ($0.name, $0.word) }, Self.locationCases),
            ("store", "store Store", Store.fields.map { ($0.name, $0.word) }, Self.storeCases),
            ("list", "list List", NamedList.fields.map { ($0.name, $0.word) }, Self.listCases),
        ]
        for (kind, prefix, fields, cases) in kinds {
            for (key, word) in fields {
                let change = try #require(cases[key])
                try laptop.ok(change.command)
                if let then = change.then { try laptop.ok(then) }
                try laptop.ok(["sync"])
                // Text on one device...
                let text = try phone.ok(["sync"]).stderr
                let expected = change.text ?? "\(prefix) \(key) (\(word))"
                #expect(text.contains("came in: " + expected), "\(kind) \(key): \(text)")
                #expect(word == key || !text.contains("(\(key))"), "\(kind) \(key): a data file key in \(text)")
                // ... and JSON on another: the key in "fields", the word in "words".
                let json = try tablet.ok(["sync", "--json"]).stdout
                let object = try JSONSerialization.jsonObject(with: Data(json.utf8)) as? [String: Any]
                let cameIn = object?["cameIn"] as? [[String: Any]] ?? []
                let record = cameIn.first { ($0["fields"] as? [String])?.contains(key) == true }
                #expect(record?["kind"] as? String == kind, "\(kind) \(key): \(json)")
                #expect((record?["words"] as? [String])?.contains(word) == true, "\(kind) \(key): \(json)")
            }
        }
    }
}
