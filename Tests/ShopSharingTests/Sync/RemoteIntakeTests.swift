import Foundation
import ShopFormats
import ShopFormatsTests
import ShopHistory
import ShopJSON
import Testing

@testable import ShopModel
@testable import ShopSharing

/// SPEC 20: remote content is input. What a remote sends that is new to this device meets the rules
/// typed input meets; what is already here as it is passes (an older shop's looser data never stops sync).
struct RemoteIntakeTests {
    let unknown = Location.makeUnknown()
    let now = Date(timeIntervalSince1970: 1_795_341_600)

    func list(_ items: [Item], purchases: [Purchase] = []) throws -> LoggedList {
        (try ShoppingList(items: items, locations: [unknown]), PurchaseLog(loaded: purchases))
    }

    /// What `sync` refuses of a remote side: its records, then its purchases new here.
    func problem(in remote: LoggedList, comparedWith local: LoggedList) -> String? {
        RemoteIntake.problem(in: remote.list, comparedWith: local.list)
            ?? RemoteIntake.purchaseProblem(in: remote.log.purchases, comparedWith: local.log.purchases)
    }

    @Test func namesOverTheLimitOrWithInvisibleCharactersAreRefused() throws {
        let local = try list([])
        let long = try list([Item(name: String(repeating: "a", count: 201), locationID: unknown.id)])
        #expect(problem(in: long, comparedWith: local)?.contains("201 characters") == true)
        let reversed = try list([Item(name: "\u{202E}klim", locationID: unknown.id)])
        #expect(problem(in: reversed, comparedWith: local)?.contains("invisible") == true)
        let control = try list([Item(name: "mi\u{1B}lk", locationID: unknown.id)])
        #expect(problem(in: control, comparedWith: local)?.contains("control") == true)
        #expect(
            problem(in: try list([Item(name: "milk", locationID: unknown.id)]), comparedWith: local) == nil
        )
    }

    @Test func aRecordAlreadyHereAsItIsPasses() throws {
        let old = Item(name: "milk\u{200B}", locationID: unknown.id)
        #expect(problem(in: try list([old]), comparedWith: try list([old])) == nil)
        var changed = old
        changed.starred = true
        #expect(problem(in: try list([changed]), comparedWith: try list([old])) != nil)
    }

    @Test func purchasesAreChecked() throws {
        let item = Item(name: "milk", locationID: unknown.id)
        let huge = Purchase(itemID: item.id, name: String(repeating: "x", count: 131_072), date: now, quantity: 1)
        let local = try list([item])
        #expect(
            problem(in: try list([item], purchases: [huge]), comparedWith: local)?
                .contains("131072 characters") == true)
        // Already logged here: not checked again.
        #expect(
            problem(
                in: try list([item], purchases: [huge]), comparedWith: try list([item], purchases: [huge])) == nil)
        let zero = Purchase(itemID: item.id, name: "milk", date: now, quantity: 0)
        #expect(problem(in: try list([item], purchases: [zero]), comparedWith: local) != nil)
    }

    @Test func purchasesDatedMoreThanADayAheadAreNamed() throws {
        let item = Item(name: "milk", locationID: unknown.id)
        let ahead = Purchase(itemID: item.id, name: "milk", date: now.addingTimeInterval(3 * 365 * 86_400), quantity: 1)
        let soon = Purchase(itemID: item.id, name: "milk", date: now.addingTimeInterval(3_600 * 20), quantity: 1)
        #expect(RemoteIntake.aheadOfClock([ahead, soon], comparedWith: [], now: now).map(\.id) == [ahead.id])
        #expect(RemoteIntake.aheadOfClock([ahead], comparedWith: [ahead], now: now).isEmpty)
    }

    /// Restock believes a date from a clock three years ahead only when its time comes.
    @Test func restockIgnoresAPurchaseFromTheFuture() throws {
        var item = Item(name: "milk", onList: false, locationID: unknown.id, restock: .days(7))
        let earlier = Purchase(itemID: item.id, name: "milk", date: now.addingTimeInterval(-8 * 86_400), quantity: 1)
        let ahead = Purchase(itemID: item.id, name: "milk", date: now.addingTimeInterval(3 * 365 * 86_400), quantity: 1)
        item.dateLastPurchased = ahead.date
        let shared = try list([item], purchases: [earlier, ahead])
        #expect(
            shared.list.restockDecision(for: item, purchases: [earlier, ahead], in: shared.log, at: now)?.isDue == true)
        #expect(
            shared.list.restockDecision(for: item, purchases: [earlier, ahead], in: shared.log, at: ahead.date)?.isDue
                == false)
    }
}
