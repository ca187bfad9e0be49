import Foundation
import ShopKit
import Testing

@testable import shop

/// What a remote sends that `sync` refuses is worded by the command line (ShopKit returns
/// ``RemoteRefusal``): each reason's words, exactly as `sync` printed them when ShopKit still wrote
/// them. The remotes behind them are staged for real in `Commands/SyncHostileRemoteTests` and
/// `PurchaseLogSafetyTests`.
@Suite struct RemoteRefusalWordingTests {
    func message(_ reason: RemoteRefusal, _ source: String = "origin/main:shop.json") -> String {
        ErrorReport(.remoteRefused(source: source, reason: reason)).message
    }

    @Test func everyReasonNamesWhatTheRemoteHoldsAndTheHintBringsTheUserBack() {
        let report = ErrorReport(.remoteRefused(source: "origin/main:shop.json", reason: .dataFileRemoved))
        #expect(report.exitCode == 65)
        #expect(
            report.text == """
                Error: refused 'origin/main:shop.json': the remote removed the data file
                Hint: nothing local was changed; fix or revert that commit on the remote (or from another device), then 'shop sync'

                """)
        #expect(message(.folderMissing) == "refused 'origin/main:shop.json': its folder is missing or not a folder")
        #expect(
            message(.besideDataFile, "origin/main:shop.json.lock")
                == "refused 'origin/main:shop.json.lock': a remote must not put anything where shop keeps its own "
                + "files beside the data file")
        #expect(message(.symbolicLink) == "refused 'origin/main:shop.json': it is a symbolic link, not a data file")
        #expect(message(.submodule) == "refused 'origin/main:shop.json': it is a submodule, not a data file")
        #expect(message(.folder) == "refused 'origin/main:shop.json': it is a folder, not a data file")
        #expect(
            message(.notPlainFile(mode: "100600"))
                == "refused 'origin/main:shop.json': it is not a plain file (mode 100600)")
        #expect(
            message(.tooLarge(bytes: 268_435_457, limit: 256 << 20))
                == "refused 'origin/main:shop.json': it is 268435457 bytes, over the 256 MiB shop accepts")
    }

    @Test func aRewrittenLogSaysWhatWasLostOrChangedAndTheRule() {
        let source = "origin/main:shop.json.purchases"
        let rule = "purchases leave the log only by 'shop unbuy', which adds a line"
        #expect(
            message(.logRemoved(purchases: 1), source)
                == "refused '\(source)': the remote removed the purchase log, which held 1 purchase; \(rule)")
        #expect(
            message(.logRemoved(purchases: 4), source)
                == "refused '\(source)': the remote removed the purchase log, which held 4 purchases; \(rule)")
        let day = Date(timeIntervalSince1970: 1_795_000_000)  // 2026-11-18
        let bought = ["Milk", "Eggs", "Tea", "Jam"].map {
            Purchase(itemID: .random(), name: $0, date: day, quantity: 1)
        }
        #expect(
            message(.logRewritten(lost: bought, changed: [bought[0]], lostDeletions: 2), source)
                == "refused '\(source)': the remote's purchase log lost 4 purchases (Milk 2026-11-18, Eggs 2026-11-18, "
                + "Tea 2026-11-18 and 1 more) and changed 1 purchase (Milk 2026-11-18) and lost 2 deletion lines it "
                + "had; \(rule)")
        let hostile = Purchase(itemID: .random(), name: "a\u{1b}[2Jb", date: day, quantity: 1)
        #expect(
            message(.logRewritten(lost: [], changed: [hostile], lostDeletions: 0), source)
                == #"refused 'origin/main:shop.json.purchases': the remote's purchase log changed 1 purchase (a\e[2Jb 2026-11-18) it had; "#
                + rule)
        #expect(
            message(.logRewritten(lost: [], changed: [], lostDeletions: 1), source)
                == "refused '\(source)': the remote's purchase log lost 1 deletion line it had; \(rule)")
    }
}
