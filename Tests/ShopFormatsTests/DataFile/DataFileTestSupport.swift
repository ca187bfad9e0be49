import Foundation
import ShopHistory
import ShopJSON
import ShopModel
import Testing

@testable import ShopFormats

/// A list with the purchase log beside it, as the tests write and read them together.
package typealias LoggedList = (list: ShoppingList, log: PurchaseLog)

extension DataFileCodec {
    /// The data file of `logged` (its log's marker named), or with `export` the export (its purchases inline).
    package static func encodeLogged(_ logged: LoggedList, export: Bool) -> [UInt8] {
        encode(logged.list, marker: logged.log.marker, inlineLog: export ? logged.log : nil)
    }

    /// A data file's records and the log it names or carries.
    package static func decodeLogged(_ bytes: [UInt8], path: String) throws -> LoggedList {
        let contents = try decodeContents(consuming: bytes, path: path)
        return (contents.list, contents.log)
    }
}

extension DataFileStore {
    /// `update` of the records and the log together: the tests' shorthand for a change that logs.
    @discardableResult
    package func update<Result>(
        loadingLog: Bool = false, logging body: (inout ShoppingList, inout PurchaseLog) throws(ShopError) -> Result
    ) throws(ShopError) -> Result {
        try updateWorkspace(loadingLog: loadingLog) { (workspace: inout Workspace) throws(ShopError) in
            try body(&workspace.list, &workspace.log)
        }
    }
}

extension DataFileStore {
    /// The export of a list and its log (``encode(_:log:)``).
    package static func encode(_ logged: LoggedList) -> [UInt8] {
        encode(logged.list, log: logged.log)
    }
}

extension Workspace {
    /// A device's side as the merge tests drive it: its records and its log.
    package init(_ list: ShoppingList, _ log: PurchaseLog) {
        self.init(list: list, log: log)
    }

    /// The stock at home by this side's log.
    package func stockLedger(calendar: LocalCalendar = .current) -> StockLedger {
        log.stockLedger(of: list, calendar: calendar)
    }
}

/// The files an older `shop` wrote at one format version, kept under `Fixtures/versionN` forever: the every-key data
/// file, its log and its export, from `DataFileLayoutTests` as they were then.
package struct VersionFixture {
    package let version: Int

    package init(version: Int) {
        self.version = version
    }

    package var folder: URL {
        URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .appendingPathComponent("Fixtures/version\(version)")
    }

    package func bytes(_ name: String) throws -> [UInt8] {
        try [UInt8](Data(contentsOf: folder.appendingPathComponent(name)))
    }

    /// The text as the current version writes it: only the version differs.
    package func asCurrentVersion(_ bytes: [UInt8]) -> [UInt8] {
        let text = String(decoding: bytes, as: UTF8.self)
        return Array(
            text.replacingOccurrences(
                of: "\"version\" : \(version)\n", with: "\"version\" : \(DataFileCodec.supportedVersion)\n"
            ).utf8)
    }

    /// The log's lines as this version wrote them: read, then written again, each line one the file holds.
    package func expectLogReadsBack() throws {
        let bytes = try bytes("shop.json.purchases")
        let contents = try PurchaseLogFile.contents(bytes, path: "v\(version) log")
        let purchases = PurchaseLogFile.live(contents)
        #expect(!purchases.isEmpty)
        let lines = Set(String(decoding: bytes, as: UTF8.self).split(separator: "\n"))
        let written = String(
            decoding: PurchaseLogFile.lines(added: purchases, deleted: [], stock: PurchaseLogFile.liveStock(contents)),
            as: UTF8.self)
        for line in written.split(separator: "\n") { #expect(lines.contains(line), "\(line)") }
    }
}
