import ShopJSON
import Testing

@testable import ShopFormats
@testable import ShopModel

/// The batch read from ShoppingList14 files holding `items` and `locations`, as `shop import` reads a folder.
func shoppingList14Batch(items: String, locations: String = "[]") throws -> ImportBatch {
    var batch = ImportBatch()
    try ShoppingList14Format.readLocations(Array(locations.utf8), path: "locations.json", into: &batch)
    try ShoppingList14Format.readItems(Array(items.utf8), path: "items.json", into: &batch)
    return batch
}

/// Another app's files (``ShoppingList14Format``): what the writer leaves out, what the reader refuses.
@Suite struct ShoppingList14FormatTests {
    @Test func writerSkipsTheUnknownLocationAndNamesItForItsItems() throws {
        var list = ShoppingList()
        list.insert(Item(name: "Glue", locationID: list.unknownLocationID))
        let files = ShoppingList14Format.encode(list)
        #expect(String(decoding: files.locations, as: UTF8.self) == "[]\n")
        let items = try JSONValue.parse(files.items)
        #expect(items.array?.first?["locationName"]?.string == "Unknown Location")
    }

    @Test func wrongShapesAreCorruptFiles() throws {
        #expect(throws: ShopError.self) { try shoppingList14Batch(items: #"[{"name": 3}]"#) }
        #expect(throws: ShopError.self) { try shoppingList14Batch(items: #"{"name": "x"}"#) }
        #expect(throws: ShopError.self) { try shoppingList14Batch(items: #"[{"name": "   "}]"#) }
    }
}
