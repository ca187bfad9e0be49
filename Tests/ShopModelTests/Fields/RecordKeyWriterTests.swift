import ShopJSON
import ShopModel
import Testing

/// The public ``JSONWriter`` methods that write a record's key (for the executable's `--json` objects) write
/// the same bytes as the key's text given as a string, first member or not, at every depth, pretty or
/// compact: moving an output from `key("label")` to `key(RecipeKey.label)` changes nothing it prints.
@Suite struct RecordKeyWriterTests {
    /// The text of an object nested `depth` deep holding `names` (each with the value 1), each key written
    /// by `write`.
    static func text(
        depth: Int, pretty: Bool, names: [String], write: (inout JSONWriter, Int) -> Void
    ) -> String {
        var writer = JSONWriter(pretty: pretty)
        for _ in 1..<depth {
            writer.beginArray()
        }
        writer.beginObject()
        for index in names.indices {
            write(&writer, index)
            writer.int(1)
        }
        writer.endObject()
        for _ in 1..<depth {
            writer.endArray()
        }
        return writer.text
    }

    /// Checks one record's keys, written through `write`, against their raw values.
    static func check<Key: RawRepresentable<String> & CaseIterable>(
        _ type: Key.Type, _ write: (inout JSONWriter, Key) -> Void
    ) where Key.AllCases == [Key] {
        let keys = Key.allCases
        let names = keys.map(\.rawValue)
        for depth in 1...4 {
            for pretty in [true, false] {
                let expected = text(depth: depth, pretty: pretty, names: names) { $0.key(names[$1]) }
                let written = text(depth: depth, pretty: pretty, names: names) { write(&$0, keys[$1]) }
                #expect(written == expected, "\(Key.self) at depth \(depth), pretty: \(pretty)")
            }
        }
    }

    @Test func eachRecordsKeysAreWrittenAsTheirText() {
        Self.check(ItemKey.self) { $0.key($1) }
        Self.check(LocationKey.self) { $0.key($1) }
        Self.check(StoreKey.self) { $0.key($1) }
        Self.check(RecipeKey.self) { $0.key($1) }
        Self.check(RecipeNeedKey.self) { $0.key($1) }
        Self.check(PurchaseKey.self) { $0.key($1) }
        Self.check(TimerKey.self) { $0.key($1) }
    }
}
