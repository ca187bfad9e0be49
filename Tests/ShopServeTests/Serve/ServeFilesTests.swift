import Foundation
import ShopFormats
import ShopHistory
import ShopJSON
import ShopModel
import ShopModelTests
import ShopServe
import ShopTestSupport
import Testing

/// The token and the op ledger beside the data file.
@Suite struct ServeFilesTests {
    @Test func theTokenIs128RandomBitsKeptInAPrivateFile() throws {
        try withTemporaryDirectory { folder in
            let files = ServeFiles(store: DataFileStore(path: folder + "/data/shop.json"))
            let token = try files.token(renew: false)
            #expect(token.count == 32 && token.allSatisfy(\.isHexDigit))
            #expect(try permissions(files.tokenPath) == 0o600)
            #expect(try files.token(renew: false) == token)
            let renewed = try files.token(renew: true)
            let again = try files.token(renew: false)
            #expect(renewed != token && again == renewed)
            try writeBytes(Array("not a token\n".utf8), files.tokenPath)
            #expect(throws: ShopError.self) { try files.token(renew: false) }
        }
    }

    @Test func opIdsAreKept90Days() throws {
        try withTemporaryDirectory { folder in
            let files = ServeFiles(store: DataFileStore(path: folder + "/shop.json"))
            let old = Identifier<ServeOp>.random()
            let recent = Identifier<ServeOp>.random()
            try files.record([old], now: Clock.daysAgo(91))
            try files.record([recent], now: Clock.daysAgo(89))
            #expect(try files.ledgerOps(now: Clock.now).applied == [recent])
            #expect(try files.ledgerOps(now: Clock.daysAgo(2)).applied == [old, recent])
            #expect(try permissions(files.ledgerPath) == 0o600)
        }
    }

    @Test func declinedOpsAreKeptApartAndTheOldFormatStillReads() throws {
        try withTemporaryDirectory { folder in
            let files = ServeFiles(store: DataFileStore(path: folder + "/shop.json"))
            let applied = Identifier<ServeOp>.random()
            let declined = Identifier<ServeOp>.random()
            let gone = Identifier<ServeOp>.random()
            try files.record([applied], now: Clock.daysAgo(1))
            try files.recordDeclined([declined, gone], gone: [gone], now: Clock.daysAgo(1))
            let both = try files.ledgerOps(now: Clock.now)
            #expect(both.applied == [applied])
            #expect(both.declined == [declined: .declined(ShoppingList.declinedBeforeMessage), gone: .gone])
            #expect(try files.ledgerOps(now: Clock.now).applied == [applied])
            // The applied line is as a shop from before wrote it; the declined one has a word more.
            let text = try String(contentsOfFile: files.ledgerPath, encoding: .utf8)
            let seconds = Int(Clock.daysAgo(1).timeIntervalSince1970)
            #expect(text.contains("\(applied) \(seconds)\n"), "\(text)")
            #expect(text.contains("\(declined) \(seconds) declined\n"), "\(text)")
            #expect(text.contains("\(gone) \(seconds) gone\n"), "\(text)")
        }
    }
}
