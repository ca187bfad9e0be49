import Foundation
import Testing

@testable import shop

/// Each command's row says what it needs of the data file, and the context grants that and no more.
@Suite struct DataNeedTests {
    private func need(_ path: String...) -> DataNeed? {
        CommandTable.command(at: path)?.data
    }

    /// Commands that only read, those that change the list, those that read the purchase log, and those
    /// that touch no data file are declared as such.
    @Test func rowsDeclareWhatTheyNeed() {
        #expect(need("list") == .reads(log: false))
        #expect(need("history") == .reads(log: true))
        #expect(need("spending") == .reads(log: true))
        #expect(need("add") == .writes(log: false))
        #expect(need("unbuy") == .writes(log: true))
        #expect(need("store", "learn") == .writes(log: true))
        #expect(need("undo") == .wholeFile)
        #expect(need("sync", "init") == .wholeFile)
        #expect(need("merge-file") == .nothing)
        #expect(need("completions") == .nothing)
        #expect(need("man") == .nothing)
    }

    /// A read-only command never takes the lock: none of them is declared as writing, and what writes
    /// also reads.
    @Test func needsNestAsDeclared() {
        #expect(DataNeed.reads(log: true).reads && !DataNeed.reads(log: true).writes)
        #expect(DataNeed.writes(log: false).reads && DataNeed.writes(log: false).writes)
        #expect(!DataNeed.wholeFile.reads && !DataNeed.nothing.reads)
        #expect(DataNeed.writes(log: true).readsLog && !DataNeed.reads(log: false).readsLog)
    }

    /// Every command whose run changes the list through the context declares `writes`: running each
    /// writing command in-process on an empty data file must not trip the context's check (the end-to-end
    /// tests run the rest). Here: a sample of the commands that changed by hand before the table said so.
    @Test func declaredWritersRunInProcess() {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("shop-needs-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: folder) }
        let environment = [
            "SHOP_FILE": folder.appendingPathComponent("shop.json").path, "TZ": "UTC",
            "SHOP_NOW": "2026-11-23T10:00:00Z",
        ]
        for arguments in [["add", "tea"], ["edit", "tea", "--star"], ["buy", "tea"], ["unbuy", "tea"], ["timer"]] {
            let result = ShopCommandLine.run(arguments: arguments, environment: environment)
            #expect(result.exitCode == 0, "\(arguments): \(result.messages)")
        }
    }
}
