import ShopJSON
import ShopModel

#if canImport(FoundationEssentials)
    import FoundationEssentials
#else
    import Foundation
#endif

/// Reading amounts, as data file version 4 made them (an item's quantity and pack, a recipe need's
/// amount); the recipe records themselves are read in their declarations under Fields/.
extension DataFileDecoder {
    /// An amount: a whole count as a number (every version), or the exact text of version 4
    /// (``Amount/exactText``); `nil` for `null`.
    mutating func amount(_ field: @autoclosure () -> String) throws(JSONScanFailure) -> Amount? {
        scanner.skipWhitespace()
        let start = scanner.offset
        guard try scanner.peekValue() == UInt8(ascii: "\"") else {
            return try int(field()).map { Amount(count: $0) }
        }
        guard let text = try string(field()) else { return nil }
        guard let amount = Amount(exactText: text) else {
            throw invalid(field(), "must be a whole number or an exact amount such as \"1500 g\" or \"1/3\"", at: start)
        }
        return amount
    }
}
