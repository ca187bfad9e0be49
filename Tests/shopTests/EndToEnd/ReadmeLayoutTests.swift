import Foundation
import Testing

/// The README's Development section shows the source layout as a tree, one line per folder; it must name
/// every folder under `Sources/` and no folder that is gone, so that it stays a map a newcomer can trust.
@Suite struct ReadmeLayoutTests {
    @Test(.enabled(if: ReadmeTests.readme != nil)) func developmentTreeNamesEverySourceFolder() throws {
        let readme = try #require(ReadmeTests.readme)
        let development = try #require(ReadmeTests.section("Development", in: readme))
        let tree = try #require(development.firstMatch(of: #/```text\n(?<tree>[\s\S]*?)```/#)).tree
        // Each line "  Name/   what it holds" is a folder below the last line indented one step less.
        var shown: Set<String> = []
        var parents: [String] = []
        for line in tree.split(separator: "\n") {
            let depth = line.prefix(while: { $0 == " " }).count / 2
            let name = String(line.drop(while: { $0 == " " }).prefix(while: { $0 != " " }).dropLast())
            parents = Array(parents.prefix(depth)) + [name]
            shown.insert("Sources/" + parents.joined(separator: "/"))
        }
        let sources = ReadmeTests.root.appendingPathComponent("Sources")
        var folders: Set<String> = []
        let walker = try #require(FileManager.default.enumerator(atPath: sources.path))
        while let path = walker.nextObject() as? String {
            var isFolder: ObjCBool = false
            if FileManager.default.fileExists(
                atPath: sources.appendingPathComponent(path).path, isDirectory: &isFolder),
                isFolder.boolValue
            {
                folders.insert("Sources/" + path)
            }
        }
        #expect(folders.subtracting(shown).sorted() == [], "folders missing from the README's tree")
        #expect(shown.subtracting(folders).sorted() == [], "folders in the README's tree that do not exist")
    }
}
