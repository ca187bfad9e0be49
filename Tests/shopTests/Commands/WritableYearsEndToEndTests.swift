import Foundation
import Testing

/// SPEC 23, dates: a day outside the years 1970-9999 typed for any option is refused (exit 1) with the data
/// file and the log byte for byte as they were. Before, `stock add milk --best-before 0026-12-20` exited 0
/// and wrote `"26-12-20"`, which broke every later command that reads the log.
@Suite struct WritableYearsEndToEndTests {
    static let now = ["SHOP_NOW": "2026-11-20T10:00:00Z", "TZ": "UTC"]

    @Test func aDayOutsideTheYears1970To9999IsRefusedWithNothingChanged() throws {
        let shop = try ShopProcess()
        defer { shop.remove() }
        for arguments in [["add", "milk", "--stock", "-q", "2"], ["buy", "milk"], ["add", "eggs"]] {
            let outcome = try shop.run(arguments, environment: Self.now)
            #expect(outcome.status == 0, "\(arguments)\n\(outcome)")
        }
        let logFile = shop.dataFile.appendingPathExtension("purchases")
        let cases: [([String], String)] = [
            (["stock", "add", "milk", "--best-before", "0026-12-20"], "best-before '0026-12-20' is not between"),
            (["buy", "eggs", "--best-before", "0001-01-01"], "best-before '0001-01-01' is not between"),
            (["buy", "eggs", "--date", "0026-11-20"], "--date '0026-11-20' is not between the years 1970 and 9999"),
            (["use", "milk", "--date", "1969-12-31"], "--date '1969-12-31' is not between"),
            (["open", "milk", "--date", "0999-01-01"], "--date '0999-01-01' is not between"),
            (["history", "--since", "0001-01-01"], "--since '0001-01-01' is not between"),
            (["spending", "--until", "0001-01-01"], "--until '0001-01-01' is not between"),
        ]
        for (arguments, fragment) in cases {
            let data = shop.dataBytes()
            let log = try? Data(contentsOf: logFile)
            let outcome = try shop.run(arguments, environment: Self.now)
            #expect(outcome.status == 1, "\(arguments)\n\(outcome)")
            #expect(
                outcome.stderr.hasPrefix("Error: ") && outcome.stderr.contains(fragment), "\(arguments)\n\(outcome)")
            #expect(outcome.stderr.contains("Hint: check the year"), "\(arguments)\n\(outcome)")
            #expect(shop.dataBytes() == data && (try? Data(contentsOf: logFile)) == log, "\(arguments) changed a file")
        }
        // Every log command still reads the log.
        let stock = try shop.run(["stock"], environment: Self.now)
        #expect(stock.status == 0, "\(stock)")
    }
}
