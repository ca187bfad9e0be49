import Foundation
import Testing

/// SPEC 20 and 23: `--file` with bytes that are not UTF-8 is used as given (it was refused, exit 64): a folder named in
/// Latin-1 holds the data file and the files kept beside it, byte for byte. Any other argument that is not UTF-8 is
/// still refused.
@Suite struct DataFilePathBytesTests {
    @Test func aDataFileInAFolderWhoseNameIsNotUTF8IsUsedAsGiven() throws {
        let shop = try ShopProcess()
        defer { shop.remove() }
        let base = shop.folder.path
        // `$(printf '\344')` puts the byte 0xE4 (Latin-1 ä) in the path: a Swift string cannot hold it.
        let script = """
            folder="$1/Eink$(printf '\\344')ufe"
            "$0" --file "$folder/shop.json" add milk eggs || exit 10
            "$0" buy milk --file="$folder/shop.json" || exit 11
            test -f "$folder/shop.json" && test -f "$folder/shop.json.purchases" || exit 12
            grep -q '"eggs"' "$folder/shop.json" || exit 13
            "$0" --file "$folder/shop.json" list --json > "$1/listed.json" || exit 14
            # Nothing went to a folder named with U+FFFD, as CommandLine.arguments would have made it.
            ls "$1" | grep -q "$(printf '\\357\\277\\275')" && exit 15
            exit 0
            """
        let outcome = try shop.run(["/bin/sh", "-c", script, ShopProcess.executable.path, base], viaShell: true)
        #expect(outcome.status == 0, "\(outcome)")
        let listed = try String(contentsOfFile: base + "/listed.json", encoding: .utf8)
        #expect(listed.contains("\"eggs\"") && !listed.contains("\"milk\""), "\(listed)")
        #expect(shop.dataBytes() == nil, "the default data file was not used")
    }

    @Test func aDataFileNameThatIsNotUTF8OrAnotherArgumentIsRefused() throws {
        let shop = try ShopProcess()
        defer { shop.remove() }
        let named = try shop.run(
            [
                "/bin/sh", "-c", "exec \"$0\" --file \"$1/$(printf '\\377').json\" add milk",
                ShopProcess.executable.path,
                shop.folder.path,
            ], viaShell: true)
        #expect(named.status == 64, "\(named)")
        #expect(named.stderr.contains("the data file's name in") && named.stderr.contains("\\xff.json"), "\(named)")
        let note = try shop.run(
            ["/bin/sh", "-c", "exec \"$0\" add milk --note \"$(printf '\\377')\"", ShopProcess.executable.path],
            viaShell: true)
        #expect(note.status == 64 && note.stderr.contains("argument 4 is not valid UTF-8"), "\(note)")
    }
}
