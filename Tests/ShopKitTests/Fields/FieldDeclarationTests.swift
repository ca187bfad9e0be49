import Foundation
import ShopFormatsTests
import ShopModelTests
import ShopRecipesTests
import ShopSharingTests
import Testing

@testable import ShopFormats
@testable import ShopKit
@testable import ShopModel
@testable import ShopRecipes

/// What `RecordFieldTableTests` does not walk: every field of the item, location and store tables is in
/// the `--json` object (or declared as not shown), every field of the recipe tables is reported by `sync`
/// and round-trips, and every key of a purchase round-trips through a log line, an export and the output.
/// Each test walks the declarations themselves, so a field added to them is covered by construction.
@Suite struct FieldDeclarationTests {
    /// The `--json` object of `write`, as Foundation reads it.
    static func object(_ write: (inout JSONWriter) -> Void) throws -> [String: Any] {
        var writer = JSONWriter(pretty: true, compactEmptyContainers: true)
        write(&writer)
        return try #require(JSONSerialization.jsonObject(with: Data(writer.bytes)) as? [String: Any])
    }

    /// A field changed alone changes its member of the `--json` object, under the name its row declares.
    func checkOutput<Record: DeclaredRecord>(
        _ sample: Record, _ changes: [String: (inout Record) -> Void],
        _ write: @escaping (Record, inout JSONWriter) -> Void
    ) throws {
        let before = try Self.object { write(sample, &$0) }
        for field in Record.fields {
            let change = try #require(changes[field.name], "\(Record.self).\(field.name): no change here")
            var changed = sample
            change(&changed)
            let after = try Self.object { write(changed, &$0) }
            guard let name = field.outputName else {
                #expect(NSDictionary(dictionary: before) == NSDictionary(dictionary: after), "\(field.name)")
                continue
            }
            let (old, new) = (before[name].map { $0 as? NSObject }, after[name].map { $0 as? NSObject })
            #expect(old != nil && new != nil, "\(Record.self).\(field.name) is not in the --json object")
            #expect(old != new, "\(Record.self).\(field.name): a change is not seen under \"\(name)\"")
        }
    }

    @Test func everyFieldIsInTheJSONObjectOrDeclaredHidden() throws {
        let base = try mergeBase()
        let items = RecordFieldTableTests.items(in: base)
        try checkOutput(items.sample, items.change) { item, writer in writer.item(item, locationName: "Dairy") }
        let locations = try RecordFieldTableTests.locations()
        try checkOutput(locations.sample, locations.change) { location, writer in
            writer.location(location, itemCount: 1, onListCount: 1, items: nil)
        }
        // The walk is shown by name: the store is written with the list its locations are in.
        let stores = try RecordFieldTableTests.stores()
        try checkOutput(try #require(base.store(named: "Corner")), stores.change) { store, writer in
            writer.store(store, in: base, current: nil, onListCount: nil)
        }
        // Only what SPEC section 3 leaves out of the object is hidden.
        #expect(
            Item.fields.filter { $0.outputName == nil }.map(\.name) == [
                "recipesOnly", "listId", "locationGuess", "storePrices", "unavailableAt",
            ])
    }

    /// Every key of an item, a location, a store, a recipe and a recipe need is one row's member (the codec walks the rows) or the
    /// record's own `id` and `modifiedAt`; no key is declared by two rows.
    @Test func everyKeyIsOneRowsMemberOrTheRecordsOwn() {
        let members = Item.members.map(\.key)
        #expect(Set(members).count == members.count, "a key in two rows: \(members)")
        let own: Set = [ItemKey.id.rawValue, ItemKey.modifiedAt.rawValue]
        #expect(members.sorted() == ItemKey.allCases.map(\.rawValue).filter { !own.contains($0) }.sorted())
        #expect(Item.members.filter(\.isRequired).map(\.key) == ["name", "locationId"])
        // Locations and stores the same way; a location's `isUnknown` is its own (no field: it never changes).
        let locationOwn: Set = ["id", "modifiedAt", "isUnknown"]
        #expect(
            Location.members.map(\.key).sorted()
                == LocationKey.allCases.map(\.rawValue).filter { !locationOwn.contains($0) }.sorted())
        #expect(Store.members.map(\.key).sorted() == ["locationIds", "name"])
        #expect(Location.members.filter(\.isRequired).map(\.key) == ["name"])
        #expect(Store.members.filter(\.isRequired).map(\.key) == ["name"])
        // Recipes and their needs too.
        #expect(ListedRecipe.members.map(\.key).sorted() == ["askedFor", "entry", "label", "name", "plan"])
        #expect(RecipeNeed.members.map(\.key).sorted() == ["amount", "itemId", "recipeId"])
        #expect(ListedRecipe.members.filter(\.isRequired).map(\.key) == ["name"])
        #expect(RecipeNeed.members.filter(\.isRequired).map(\.key) == ["itemId", "recipeId"])
    }

    /// An item's `--json` object is written in sorted key order, the members it adds (`itemPrice` at a
    /// store, `amounts`, `unit`) among the fields' own.
    @Test func theItemObjectsKeysAreSorted() throws {
        var item = try #require(try mergeBase().item(named: "Milk"))
        item.price = Price(cents: 129)
        var writer = JSONWriter(pretty: true)
        writer.item(item, locationName: "Dairy", atStore: true, own: item)
        let text = String(decoding: writer.bytes, as: UTF8.self)
        // Members of the item's own object are the lines indented by one level.
        let keys = text.split(separator: "\n").compactMap { line -> String? in
            guard line.hasPrefix("  \""), !line.hasPrefix("   ") else { return nil }
            return String(line.dropFirst(3).prefix { $0 != "\"" })
        }
        #expect(keys.contains("itemPrice") && keys.contains("atStore") && keys.contains("amounts"))
        #expect(keys == keys.sorted { $0.utf8.lexicographicallyPrecedes($1.utf8) }, "\(keys)")
    }

    /// A list with two recipes on it, each needing one item.
    static func listWithRecipes() throws -> ShoppingList {
        var list = try mergeBase()
        _ = try list.addRecipes([
            RecipeRequest(name: "Lasagne", ingredients: [.init(name: "Milk", amount: 2)]),
            RecipeRequest(name: "Chili", ingredients: [.init(name: "Bananas", amount: 3)]),
        ])
        return list
    }

    /// Every recipe and recipe need field changed in a list is reported by `RecordChanges` under its key
    /// and its word, and round-trips through the data file.
    @Test func everyRecipeFieldIsReportedAndRoundTrips() throws {
        let base = try Self.listWithRecipes()
        let lasagne = try #require(base.recipesByID.values.first { $0.name == "Lasagne" })
        let chili = try #require(base.recipesByID.values.first { $0.name == "Chili" })
        let need = try #require(base.needsByID.values.first { $0.recipeID == lasagne.id })
        let yogurt = try #require(base.item(named: "Yogurt")).id
        func check(_ field: String, _ word: String, _ list: ShoppingList) throws {
            let changes = RecordChanges(from: base, to: list).changes
            #expect(changes.count == 1 && changes.first?.fields == [field], "\(field): \(changes)")
            #expect(changes.first?.words == [word], "\(field)")
            let decoded = try DataFileCodec.decode(DataFileCodec.encode(list), path: "round trip")
            #expect(decoded.recipesInNameOrder == list.recipesInNameOrder, "\(field) does not round-trip")
            #expect(Set(decoded.recipeNeeds) == Set(list.recipeNeeds), "\(field) does not round-trip")
        }
        let recipeChanges: [String: (inout ListedRecipe) -> Void] = [
            "name": { $0.name = "Moussaka" }, "label": { $0.label = "friday" }, "plan": { $0.plan = "week.plan" },
            "entry": { $0.entry = "2" }, "askedFor": { $0.askedFor = "flour\t500 g" },
        ]
        for field in ListedRecipe.fields {
            var recipe = lasagne
            let change = try #require(recipeChanges[field.name], "recipe \(field.name): no change here")
            change(&recipe)
            var list = base
            list.recipesByID[recipe.id] = recipe
            try check(field.name, field.word, list)
        }
        let needChanges: [String: (inout RecipeNeed) -> Void] = [
            "amount": { $0.amount = 5 }, "itemId": { $0.itemID = yogurt }, "recipeId": { $0.recipeID = chili.id },
        ]
        for field in RecipeNeed.fields {
            var changed = need
            let change = try #require(needChanges[field.name], "recipe need \(field.name): no change here")
            change(&changed)
            var list = base
            list.needsByID[changed.id] = changed
            try check(field.name, field.word, list)
        }
    }

    /// A purchase with every field set.
    static func fullPurchase() -> Purchase {
        var purchase = Purchase(
            itemID: .random(), name: "Crème fraîche", date: Date(timeIntervalSince1970: 1_763_805_600),
            // 18.52 paid for 1.5 kg: 12.3467 per kg shown, 926/75 kept (version 8).
            amount: Amount(exactText: "1500 g")!,
            price: UnitPrice(exactly: ExactNumber(numerator: 1852, denominator: 150)!),
            priceUnit: MeasureUnit(parsing: "kg")!, lineTotal: Price(cents: 1852), store: "Corner",
            storeID: .random(), by: "phone", dateBefore: Date(timeIntervalSince1970: 1_763_700_000),
            priceBefore: Purchase.PriceBefore(text: "2.49/kg"))
        purchase.bestBefore = CalendarDay(number: 20_500)
        purchase.listID = .random()
        purchase.listName = "Party"
        purchase.listedBefore = Purchase.ListedBefore(
            quantity: .none, recipesOnly: true,
            needs: [
                .init(recipeID: .random(), amount: Amount(exactText: "150 g + 2 cups")!),
                .init(recipeID: .random(), amount: .none),
            ])
        return purchase
    }

    /// Every purchase key is written where it belongs (a log line, an export, the `--json` object) and read
    /// back: the switch is exhaustive, so a new key does not compile until it is placed here.
    @Test func everyPurchaseKeyRoundTrips() throws {
        var log = PurchaseLog()
        let purchase = Self.fullPurchase()
        let line = String(decoding: PurchaseLogFile.lines(added: [purchase], deleted: []), as: UTF8.self)
        let deletion = String(decoding: PurchaseLogFile.lines(added: [], deleted: [purchase.id]), as: UTF8.self)
        var output = JSONWriter(pretty: true)
        output.purchase(purchase, withLineTotal: true)
        let shown = String(decoding: output.bytes, as: UTF8.self)
        let spoiled = StockEntry(
            itemID: purchase.itemID, name: "Crème fraîche", date: purchase.date,
            kind: .use(Amount.Part(quantity: .one, unit: .count), spoiled: true))
        let stockLine = String(decoding: PurchaseLogFile.lines(added: [], deleted: [], stock: [spoiled]), as: UTF8.self)
        for key in PurchaseKey.allCases {
            let quoted = "\"\(key.rawValue)\""
            switch key {
            // The unbuy bookkeeping: in files, never in output.
            // And the exact price a total paid gave (version 8).
            case .dateBefore, .priceBefore, .priceExact, .quantityBefore, .recipesOnlyBefore, .needsBefore:
                #expect(line.contains(quoted) && !shown.contains(quoted), "\(key)")
            case .deleted: #expect(deletion.contains(quoted) && !line.contains(quoted), "\(key)")
            case .unit: #expect(shown.contains(quoted) && !line.contains(quoted), "\(key)")
            // A stock entry's own (SPEC section 18), never a purchase's.
            case .spoiled, .stockEntry, .stockItem:
                #expect(stockLine.contains(quoted) && !line.contains(quoted), "\(key)")
            case .bestBefore: #expect(line.contains(quoted) && shown.contains(quoted), "\(key)")
            // The list it was bought from (SPEC 22): output names it (`"list"`), as an item's `--json` does.
            case .listId: #expect(line.contains(quoted) && !shown.contains(quoted), "\(key)")
            case .by, .date, .id, .itemId, .lineTotal, .list, .name, .price, .priceUnit, .quantity, .store, .storeId:
                #expect(line.contains(quoted) && shown.contains(quoted), "\(key)")
            }
        }
        #expect(try PurchaseLogFile.decode(Array(line.utf8), path: "log") == [purchase])
        let list = try mergeBase()
        log.add(purchase)
        let export = try DataFileCodec.decodeLogged(
            DataFileCodec.encodeLogged((list, log), export: true), path: "export")
        #expect(export.log.purchases == [purchase])
    }
}
