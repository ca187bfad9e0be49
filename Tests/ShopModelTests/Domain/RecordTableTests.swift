import ShopJSON
import Testing

@testable import ShopModel

/// The record table behind the list behaves as the dictionary it replaced, on both sides of the size
/// where lookups switch from scanning to hashing.
@Suite struct RecordTableTests {
    private func locations(_ count: Int) -> [Location] {
        (0..<count).map { Location(name: "place \($0)", visitationOrder: 1 + $0 % 100) }
    }

    @Test(arguments: [3, 32, 33, 200])
    func addsFindsReplacesAndRemovesLikeADictionary(count: Int) {
        var table = RecordTable<Location>()
        var dictionary: [Location.ID: Location] = [:]
        let all = locations(count)
        for location in all {
            table[location.id] = location
            dictionary[location.id] = location
        }
        var renamed = all[count / 2]
        renamed.name = "renamed"
        #expect(table.updateValue(renamed, forKey: renamed.id) == all[count / 2])
        dictionary[renamed.id] = renamed
        for location in all.prefix(count / 3) {
            #expect(table.removeValue(forKey: location.id) == location)
            dictionary[location.id] = nil
        }
        #expect(table.removeValue(forKey: Location.ID.random()) == nil)
        #expect(table.count == dictionary.count)
        for location in all {
            #expect(table[location.id] == dictionary[location.id])
            #expect(table.contains(location.id) == (dictionary[location.id] != nil))
            if let position = table.position(of: location.id) {
                #expect(table[position: position].id == location.id)
            }
        }
        #expect(Set(table.values.map(\.id)) == Set(dictionary.keys))
    }

    @Test func equalityAndHashIgnoreOrder() {
        let all = locations(40)
        var forward = RecordTable<Location>()
        var backward = RecordTable<Location>()
        for location in all { forward[location.id] = location }
        for location in all.reversed() { backward[location.id] = location }
        #expect(forward == backward && forward.hashValue == backward.hashValue)
        backward[all[7].id] = nil
        #expect(forward != backward)
        let copy = forward
        #expect(copy.sharesStorage(with: forward))
    }

    @Test func aWalkAtAStoreOfAnotherListLeavesUnknownLocationsOut() throws {
        var list = ShoppingList()
        _ = try list.addLocation(named: "Dairy", order: 10)
        let stranger = Store(name: "elsewhere", locationIDs: [Location.ID.random()])
        let walk = list.walk(at: stranger)
        let dairy = try #require(list.location(named: "dairy"))
        #expect(walk.rank(of: Location.ID.random()) == walk.rank(of: list.unknownLocationID))
        #expect(!walk.isAtStore(dairy.id) && walk.isAtStore(list.unknownLocationID))
    }
}
