import Foundation
import Testing

@testable import ShopKit

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
            #expect(try files.appliedOps(now: Clock.now) == [recent])
            #expect(try files.appliedOps(now: Clock.daysAgo(2)) == [old, recent])
            #expect(try permissions(files.ledgerPath) == 0o600)
        }
    }
}
