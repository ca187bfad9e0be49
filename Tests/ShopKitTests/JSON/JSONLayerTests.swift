import Foundation
import Testing

/// The JSON reader and writer know nothing of shopping (issue 25): no file of `Sources/ShopKit/JSON`
/// names a type declared in another folder of the library, so the codec, the output and the tests can
/// lean on it without it leaning back. A price, say, teaches the writer how to write it
/// (`Domain/Models/Price+JSON.swift`), not the other way round. Uses ``DomainLayerTests``' reading of
/// the sources.
@Suite struct JSONLayerTests {
    @Test func jsonNamesNoTypeOfAnotherFolder() throws {
        let sources = DomainLayerTests.sources
        let folders = try FileManager.default.contentsOfDirectory(atPath: sources.path).filter { $0 != "JSON" }
        var others: Set<String> = []
        for folder in folders {
            for file in try DomainLayerTests.swiftFiles(in: folder) {
                others.formUnion(DomainLayerTests.topLevelTypes(file.text))
            }
        }
        // A sanity check that the other folders were found and read.
        #expect(others.isSuperset(of: ["ShoppingList", "Price", "DataFileStore", "ShopError"]))
        for (path, text) in try DomainLayerTests.swiftFiles(in: "JSON") {
            let named = DomainLayerTests.identifiers(text).filter { others.contains(String($0)) }.sorted()
            #expect(named.isEmpty, "\(path) names \(named.joined(separator: ", ")) of another folder")
        }
    }
}
