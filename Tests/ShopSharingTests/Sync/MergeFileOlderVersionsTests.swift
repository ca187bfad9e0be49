import Foundation
import ShopFormatsTests
import ShopHistory
import ShopModelTests
import ShopTestSupport
import Testing

@testable import ShopFormats
@testable import ShopModel
@testable import ShopSharing

/// `merge-file` keeps working on files of versions 1 and 2 (git may hand it any version a device wrote).
@Suite struct MergeFileOlderVersionsTests {
    @Test(arguments: [true, false])
    func versionOneAndTwoSidesMergeIntoVersionThree(versionTwoIsOurs: Bool) throws {
        try withTemporaryDirectory { folder in
            // The version 2 fixture is the version 1 sample, later edited (a store chosen, a timer running,
            // items and a location added) by the shop of its day: base and one side are version 1.
            let one = try VersionFixture(version: 1).bytes("shop.json")
            let two = try VersionFixture(version: 2).bytes("shop.json")
            try writeBytes(one, folder + "/base")
            try writeBytes(versionTwoIsOurs ? two : one, folder + "/ours")
            try writeBytes(versionTwoIsOurs ? one : two, folder + "/theirs")
            let conflicts = try MergeFile.run(
                base: folder + "/base", ours: folder + "/ours", theirs: folder + "/theirs")
            #expect(conflicts.isEmpty)
            let text = String(decoding: try readBytes(folder + "/ours"), as: UTF8.self)
            #expect(text.contains("\"version\" : 12\n") && !text.contains("currentStoreId"))
            let merged = try DataFileCodec.decode(Array(text.utf8), path: "merged")
            let edited = try DataFileCodec.decode(two, path: "v2")
            // The changed side's records, all of them, whichever side it was.
            #expect(merged.itemCount == edited.itemCount && merged.locations.count == edited.locations.count)
            for item in edited.items { #expect(merged.item(item.id) == item, "\(item.name)") }
            for store in edited.stores { #expect(merged.store(store.id) == store) }
        }
    }
}
