import Foundation
import ShopHistory
import ShopJSON
import ShopModelTests
import ShopSharing
import ShopSharingTests
import ShopTestSupport
import Testing

@testable import ShopFormats
@testable import ShopKit
@testable import ShopModel

/// Every row of every record's field table (``RecordField``) is stamped, merged and reported: each test
/// walks the table itself, so a field added to a table is covered by construction, and one that the test
/// does not know how to change fails here until it is given a change below.
@Suite struct RecordFieldTableTests {
    /// One change of each field of a record, by its data file key: a value other than the sample's.
    struct Changes<Record: Stamped> {
        let sample: Record
        let change: [String: (inout Record) -> Void]
    }

    static func items(in base: ShoppingList) -> Changes<Item> {
        let milk = base.item(named: "Milk")!
        let produce = base.locationID("Produce")
        // A list of ``baseWithLists()``; another base gets an id of its own (its output is all that is looked at).
        let party =
            base.namedList(named: "Party")?.id
            ?? NamedList.ID(UUID(uuidString: "00000000-0000-4000-8000-000000000079")!)
        return Changes(
            sample: milk,
            change: [
                "name": { $0.name = "Oat milk" },
                "quantity": { $0.quantity = 7 },
                "recipesOnly": { $0.recipesOnly.toggle() },
                "pantry": { $0.pantry.toggle() },
                "onList": { $0.onList.toggle() },
                "isAvailable": { $0.isAvailable.toggle() },
                "dateLastPurchased": { $0.dateLastPurchased = Clock.now },
                "locationId": { $0.locationID = produce },
                "listId": { $0.listID = party },
                "locationGuess": { $0.locationGuess = "'milk'" },
                // A price per kg: the price and its unit are one field.
                "price": {
                    $0.price = Price(cents: 249)
                    $0.priceUnit = MeasureUnit(parsing: "kg")!
                },
                "pack": { $0.pack = Amount.Part(quantity: ExactNumber(whole: 250), unit: MeasureUnit(parsing: "g")!) },
                "storePrices": {
                    $0.storePrices = [
                        StorePrice(
                            storeID: Store.ID(UUID(uuidString: "00000000-0000-4000-8000-000000000077")!),
                            price: UnitPrice(Price(cents: 199)!), unit: .count, date: Clock.now)
                    ]
                },
                "unavailableAt": {
                    $0.unavailableAt = [Store.ID(UUID(uuidString: "00000000-0000-4000-8000-000000000078")!)]
                },
                "starred": { $0.starred.toggle() },
                "note": { $0.note = "lactose free please" },
                // The case: `--every auto` leaves the number of days nil.
                "every": { $0.restock = .learned },
                // Stock at home (SPEC section 18).
                "stock": { $0.stock.toggle() },
                "keeps": { $0.keeps = 14 },
                "keepsOpen": { $0.keepsOpen = 5 },
                "minStock": {
                    $0.minStock = Amount.Part(quantity: ExactNumber(whole: 500), unit: MeasureUnit(parsing: "g")!)
                },
            ])
    }

    static func locations() throws -> Changes<Location> {
        Changes(
            sample: try mergeBase().location(named: "Dairy")!,
            change: [
                "name": { $0.name = "Chilled" }, "visitationOrder": { $0.visitationOrder = 42 },
                "color": { $0.color = RGBA(red: 1, green: 2, blue: 3) },
            ])
    }

    static func stores() throws -> Changes<Store> {
        let base = try mergeBase()
        return Changes(
            sample: base.store(named: "Corner")!,
            change: [
                "name": { $0.name = "Market" }, "locationIds": { $0.locationIDs.reverse() },
            ])
    }

    static func recipes() -> Changes<ListedRecipe> {
        Changes(
            sample: ListedRecipe(name: "Lasagne", label: "tuesday", plan: "week.plan", entry: "1"),
            change: [
                "name": { $0.name = "Chili" }, "label": { $0.label = "friday" }, "plan": { $0.plan = nil },
                "entry": { $0.entry = "2" }, "askedFor": { $0.askedFor = "flour\t500 g" },
            ])
    }

    static func lists(in base: ShoppingList) -> Changes<NamedList> {
        Changes(sample: base.namedList(named: "Party")!, change: ["name": { $0.name = "Birthday" }])
    }

    static func needs() -> Changes<RecipeNeed> {
        Changes(
            sample: RecipeNeed(recipeID: .random(), itemID: .random(), amount: 2),
            change: [
                "amount": { $0.amount = 3 }, "itemId": { $0.itemID = .random() },
                "recipeId": { $0.recipeID = .random() },
            ])
    }

    /// Each field of the table: the test knows a change of it; the change is seen as that field alone,
    /// with its own word; it is stamped; and a three-way merge where the other side changed another field
    /// keeps both changes.
    func check<Record: MergeableRecord>(_ changes: Changes<Record>, _ describer: MergeDescriber) {
        let table = Record.fields
        #expect(Set(table.map(\.name)) == Set(changes.change.keys), "\(Record.self): a field with no change here")
        #expect(Set(table.map(\.word)).count == table.count, "\(Record.self): two fields with one word")
        for (position, field) in table.enumerated() {
            guard let change = changes.change[field.name] else { continue }
            var changed = changes.sample
            change(&changed)
            #expect(Record.changedFields(changes.sample, changed).map(\.name) == [field.name], "\(field.name)")
            #expect(!field.word.isEmpty && field.word.lowercased() == field.word, "\(field.word)")
            #expect(
                !field.isStamped || changed.stamps(after: changes.sample, now: Clock.now)[field.name] == Clock.now,
                "\(field.name) is not stamped")
            // The other side changes another field; the merge keeps both, each from its side.
            let other = table[(position + 1) % table.count]
            var ours = changes.sample
            changes.change[other.name]?(&ours)
            ours.modifiedAt = ours.stamps(after: changes.sample, now: Clock.daysAgo(1))
            changed.modifiedAt = changed.stamps(after: changes.sample, now: Clock.now)
            var fields = FieldMerge(base: changes.sample, ours: ours, theirs: changed)
            Record.mergeFields(&fields, describing: describer)
            #expect(field.same(fields.merged, changed), "\(Record.self).\(field.name) is not merged")
            #expect(other.same(fields.merged, ours) || other.name == field.name, "\(other.name) was lost")
            #expect(fields.conflicts.isEmpty)
        }
    }

    /// ``mergeBase()`` with a second list, `Party`, for an item's list to change to.
    static func baseWithLists() throws -> ShoppingList {
        var list = try mergeBase()
        let before = list
        _ = try list.addList(named: "Party")
        list.stampChanges(since: before, at: MergeClock.base)
        return list
    }

    @Test func everyFieldOfEveryRecordIsComparedStampedAndMerged() throws {
        let base = try Self.baseWithLists()
        let side = MergeSide(base, unknownID: base.unknownLocationID)
        let describer = MergeDescriber(ours: side, theirs: side)
        check(Self.items(in: base), describer)
        check(try Self.locations(), describer)
        check(try Self.stores(), describer)
        check(Self.recipes(), describer)
        check(Self.needs(), describer)
        check(Self.lists(in: base), describer)
    }

    /// Every item, location and store field changed in a list is reported by `RecordChanges` under its
    /// key and its word, and the list round-trips through the data file with it.
    @Test func everyFieldChangedInAListIsReportedAndRoundTrips() throws {
        let base = try Self.baseWithLists()
        func checkList(_ key: String, _ word: String, _ list: ShoppingList) throws {
            let changes = RecordChanges(from: base, to: list).changes
            #expect(changes.count == 1 && changes.first?.fields == [key], "\(key): \(changes)")
            #expect(changes.first?.words == [word], "\(key)")
            let decoded = try DataFileCodec.decode(DataFileCodec.encode(list), path: "round trip")
            #expect(decoded.records == list.records, "\(key) does not round-trip")
        }
        for field in Item.fields {
            var list = base
            var milk = list.item(named: "Milk")!
            Self.items(in: base).change[field.name]!(&milk)
            list.itemsByID[milk.id] = milk
            try checkList(field.name, field.word, list)
        }
        for field in Location.fields {
            var list = base
            var dairy = list.location(named: "Dairy")!
            try Self.locations().change[field.name]!(&dairy)
            list.locationsByID[dairy.id] = dairy
            try checkList(field.name, field.word, list)
        }
        for field in Store.fields {
            var list = base
            var corner = list.store(named: "Corner")!
            try Self.stores().change[field.name]!(&corner)
            list.storesByID[corner.id] = corner
            try checkList(field.name, field.word, list)
        }
        for field in NamedList.fields {
            var list = base
            var party = list.namedList(named: "Party")!
            Self.lists(in: base).change[field.name]!(&party)
            list.replace(party)
            try checkList(field.name, field.word, list)
        }
    }

    @Test func noWordIsADataFileKey() {
        // People never read `recipesOnly` or `locationId` (SPEC 14).
        let camel =
            (Item.fields.map(\.word) + Location.fields.map(\.word) + Store.fields.map(\.word)
            + NamedList.fields.map(\.word))
            .filter { $0.contains { $0.isUppercase } }
        #expect(camel.isEmpty, "\(camel)")
    }
}
