import Foundation
import Testing

@testable import ShopKit
@testable import ShopModel

@Suite struct UUIDTableTests {
    /// The id table behind the log's reading grows past its first size and finds every id it was given.
    @Test func idTableKeepsEveryIdAsItGrows() {
        var table = UUIDTable<Int>()
        var ids: [UUID] = []
        for number in 0..<3000 {
            // Ids that differ in one byte only, to test the spreading of similar keys too.
            let id = UUID(
                uuid: (
                    UInt8(number & 0xFF), UInt8(number >> 8), 0, 0, 0, 0, 0x40, 0, 0x80, 0, 0, 0, 0, 0, 0,
                    UInt8(number % 7)
                ))
            ids.append(id)
            table[id] = number
        }
        ids.append(UUID())
        table[ids[0]] = -1
        #expect(table.count == 3000)
        #expect(table[ids[0]] == -1)
        #expect((1..<3000).allSatisfy { table[ids[$0]] == $0 })
        #expect(table[ids[3000]] == nil)
        var set = UUIDTable<Bool>()
        #expect(set.insert(ids[5]) && !set.insert(ids[5]) && set.insert(ids[6]))
    }
}
