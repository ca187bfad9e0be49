import Foundation
import ShopHistory
import ShopJSON
import ShopModelTests
import ShopTestSupport
import Testing

@testable import ShopFormats
@testable import ShopModel

/// Version 8 files (exact ratios of prices paid) load forever: `Fixtures/version8` holds what `shop` wrote just
/// before version 9 (the every-key data file, its log and its export, from `DataFileLayoutTests`). Each reads back
/// to the same records and is written again as version 9 with no other byte changed: its `check`/`inode` log marker
/// is kept as it was read until the log next changes, when it becomes a `digest`.
@Suite struct VersionEightFixtureTests {
    static let fixture = VersionFixture(version: 8)

    static func bytes(_ name: String) throws -> [UInt8] { try fixture.bytes(name) }

    static func asCurrentVersion(_ bytes: [UInt8]) -> [UInt8] { fixture.asCurrentVersion(bytes) }

    @Test func theDataFileReadsAndIsWrittenAgainUnchanged() throws {
        let bytes = try Self.bytes("shop.json")
        #expect(String(decoding: bytes, as: UTF8.self).contains("\"version\" : 8\n"))
        let (list, log) = try DataFileCodec.decodeLogged(bytes, path: "v8")
        #expect(log.marker == PurchaseLogMarker(length: 1234, digest: nil, check: 0xDEAD_BEEF, inode: 42))
        let butter = try #require(list.item(named: "butter"))
        #expect(butter.storePrices.map(\.text).contains { $0.hasSuffix(" 97/600") })
        #expect(DataFileCodec.encodeLogged((list, log), export: false) == Self.asCurrentVersion(bytes))
    }

    @Test func theLogReadsAndIsWrittenAgainUnchanged() throws {
        try Self.fixture.expectLogReadsBack()
    }

    @Test func theExportReadsAndIsWrittenAgainUnchanged() throws {
        let bytes = try Self.bytes("export.json")
        let export = try DataFileCodec.decodeLogged(bytes, path: "v8 export")
        #expect(!export.log.purchases.isEmpty)
        #expect(DataFileCodec.encodeLogged(export, export: true) == Self.asCurrentVersion(bytes))
    }

    /// A version 8 data file beside its log: the first change to the log writes the shared marker (SPEC 23).
    @Test func theFirstChangeToTheLogWritesADigestInsteadOfTheInode() throws {
        try withTemporaryDirectory { folder in
            let store = DataFileStore(path: folder + "/shop.json")
            try PurchaseLogFileTests.buy(store, "milk")
            // Make it a version 8 file whose marker names this log by its inode and check.
            var text = try String(contentsOfFile: store.path, encoding: .utf8)
            let current = try #require(try store.currentLogMarker())
            let file = PurchaseLogFile(dataFile: store.resolvedPath)
            let log = try readBytes(file.path)
            var info = stat()
            #expect(stat(file.path, &info) == 0)
            let check = log.withUnsafeBufferPointer { PurchaseLogFile.check($0, before: $0.count) }
            let shared = "\"digest\" : \"\(String(current.digest!, radix: 16))\",\n    \"length\" : \(current.length)"
            let legacy =
                "\"check\" : \"\(String(check, radix: 16))\",\n    \"inode\" : \(info.st_ino),\n    \"length\" : \(log.count)"
            #expect(text.contains(shared), "\(text)")
            text = text.replacingOccurrences(of: shared, with: legacy)
                .replacingOccurrences(of: "\"version\" : 12", with: "\"version\" : 8")
            try text.write(toFile: store.path, atomically: false, encoding: .utf8)
            #expect(try store.loadWithPurchaseLog().log.purchases.count == 1)
            try PurchaseLogFileTests.buy(store, "eggs")
            let after = try String(contentsOfFile: store.path, encoding: .utf8)
            #expect(after.contains("\"digest\"") && !after.contains("\"inode\"") && after.contains("\"version\" : 12"))
            #expect(try store.loadWithPurchaseLog().log.purchases.count == 2)
            #expect(try store.loadWorkspace().log.marker?.digest == PurchaseLogFile.digest(try readBytes(file.path)))
        }
    }
}
