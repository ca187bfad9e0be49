import ShopHistory

@testable import ShopFormats
@testable import ShopModel

extension PurchaseLogFile {
    /// A whole log file holding `purchases`, one line each, as `buy` would have appended them: for tests
    /// that put a log in place by hand.
    package static func encode(_ purchases: [Purchase]) -> [UInt8] {
        lines(added: purchases, deleted: [])
    }
}
