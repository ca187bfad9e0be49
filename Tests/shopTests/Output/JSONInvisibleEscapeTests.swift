import Foundation
import Testing

/// SPEC 23: `--json` escapes C1 controls and zero-width and text-direction marks as it escapes C0 controls, so that
/// output shown on a terminal neither obeys a CSI (U+009B) nor reverses the rest of a line (U+202E); the data file
/// keeps such a name exactly, as Foundation writes it.
@Suite struct JSONInvisibleEscapeTests {
    @Test func jsonEscapesC1ControlsAndBidirectionalMarksAndTheDataFileKeepsThem() throws {
        let shop = try ShopProcess()
        defer { shop.remove() }
        try shop.run(["add", "milk"])
        // A name edited into the data file by hand (or by an older shop): a CSI, a right-to-left override, a BOM.
        let written = try String(contentsOf: shop.dataFile, encoding: .utf8)
        try written.replacingOccurrences(of: "\"milk\"", with: "\"mi\\u009b2Jlk\\u202e\\ufeff\\u200fé\"")
            .write(to: shop.dataFile, atomically: true, encoding: .utf8)
        let name = "mi\u{9B}2Jlk\u{202E}\u{FEFF}\u{200F}é"
        let listed = try shop.run(["list", "--json"])
        #expect(listed.status == 0, "\(listed)")
        #expect(listed.stdout.contains(#""mi\u009b2Jlk\u202e\ufeff\u200fé""#), "\(listed.stdout)")
        for raw: Character in ["\u{9B}", "\u{202E}", "\u{FEFF}", "\u{200F}"] {
            #expect(!listed.stdout.unicodeScalars.contains(raw.unicodeScalars.first!), "raw \(raw.unicodeScalars)")
        }
        let items = try #require(try JSONSerialization.jsonObject(with: Data(listed.stdout.utf8)) as? [[String: Any]])
        #expect(items.contains { $0["name"] as? String == name }, "\(items)")
        // Another change rewrites the data file: the name reads back exactly, in Foundation's bytes.
        try shop.run(["add", "eggs"])
        let rewritten = try String(contentsOf: shop.dataFile, encoding: .utf8)
        #expect(rewritten.contains("\"\(name)\""), "\(rewritten)")
        let again = try shop.run(["list", "--json"])
        #expect(again.stdout.contains(#""mi\u009b2Jlk\u202e\ufeff\u200fé""#), "\(again.stdout)")
    }
}
