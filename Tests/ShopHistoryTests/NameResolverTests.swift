import Foundation
import ShopJSON
import ShopModel
import ShopModelTests
import ShopTestSupport
import Testing

@Suite struct ResolutionTests {
    @Test func exactMatchWinsOverPrefix() throws {
        var list = try ShoppingList.fixture()
        _ = try list.add(["Milk chocolate"])
        #expect(try list.resolveItem("milk") == list.id("Milk"))
        #expect(try list.resolveItem("milk c") == list.id("Milk chocolate"))
    }

    @Test func uniquePrefixAmongTheScope() throws {
        var log = PurchaseLog()
        var list = try ShoppingList.fixture()
        _ = try list.buy([list.id("Bananas")], at: Clock.now, log: &log)
        // "ba" is ambiguous among all items but unique among those on the list.
        #expect(try list.resolveItem("ba", in: .onList) == list.id("Batteries"))
        #expect(try list.resolveItem("ba", in: .purchased) == list.id("Bananas"))
        expectError(ShopError.ambiguous("ba", kind: .item, candidates: ["Bananas", "Batteries"])) {
            _ = try list.resolveItem("ba", in: .all)
        }
    }

    @Test func notFoundCarriesSuggestions() throws {
        let list = try ShoppingList.fixture()
        expectError(ShopError.notFound("milx", kind: .item, candidates: ["Milk"])) { _ = try list.resolveItem("milx") }
        expectError(ShopError.notFound("zzz", kind: .item, candidates: [])) { _ = try list.resolveItem("zzz") }
    }

    @Test func byIDPrefix() throws {
        let list = try ShoppingList.fixture()
        let milk = list.id("Milk")
        let prefix = String(milk.hexDigits.prefix(8)).lowercased()
        #expect(try list.resolveItem("id:\(prefix)") == milk)
        #expect(try list.resolveItem("id:\(milk.description)") == milk)
        expectError(ShopError.invalidIDPrefix("id:12")) { _ = try list.resolveItem("id:12") }
        expectError(ShopError.invalidIDPrefix("id:xyzw")) { _ = try list.resolveItem("id:xyzw") }
    }

    @Test func locations() throws {
        let list = try ShoppingList.fixture()
        #expect(try list.resolveLocation("PRO") == list.location(named: "produce")!.id)
        #expect(try list.resolveLocation("unknown") == list.unknownLocationID)
        expectError(ShopError.notFound("Deli", kind: .location, candidates: [])) {
            _ = try list.resolveLocation("Deli")
        }
    }

    @Test func tenThousandNamesResolveInOneBatch() throws {
        var list = ShoppingList()
        let names = (0..<10_000).map { "item \($0)" }
        _ = try list.add(names)
        let ids = try list.resolveItems(names.map { $0.uppercased() }, in: .onList)
        #expect(Set(ids).count == 10_000)
        let prefixes = try list.resolveItems(["item 9999", "item 123"], in: .onList)
        #expect(prefixes.count == 2)
    }
}
