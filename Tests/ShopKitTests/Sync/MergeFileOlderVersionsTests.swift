import Foundation
import Testing

@testable import ShopFormats
@testable import ShopKit
@testable import ShopModel
@testable import ShopSharing

/// `merge-file` keeps working on files of versions 1 and 2 (git may hand it any version a device wrote).
@Suite struct MergeFileOlderVersionsTests {
    private static let fixtures = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
        .deletingLastPathComponent()
        .appendingPathComponent("Fixtures")

    @Test(arguments: [true, false])
    func versionOneAndTwoSidesMergeIntoVersionThree(versionTwoIsOurs: Bool) throws {
        try withTemporaryDirectory { folder in
            // The version 2 fixture is the version 1 sample, later edited (a store chosen, a timer running,
            // items and a location added) by the shop of its day: base and one side are version 1.
            let one = try [UInt8](Data(contentsOf: Self.fixtures.appendingPathComponent("version1/shop.json")))
            let two = try [UInt8](Data(contentsOf: Self.fixtures.appendingPathComponent("version2/shop.json")))
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
