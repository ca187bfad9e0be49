import Foundation
import Testing

@testable import ShopKit

// Checks that read the source tree itself (SourceTree.swift), so they sit at the top of the test target
// rather than in the folder of one source folder.

/// No data file key is spelt outside its declaration (issue 25): a string literal equal to a key of a record
/// (``ItemKey``, ``LocationKey``, ``StoreKey``, ``RecipeKey``, ``RecipeNeedKey``, ``PurchaseKey``, declared
/// under `Sources/ShopModel/Fields/`; the timer's ``TimerKey`` and the log marker's ``LogMarkerKey``, declared
/// in `Sources/ShopModel/Fields/DataFileKeys.swift`) appears in no other Swift file of `Sources/`. Output that shows a
/// record's field writes it through its key (`writer.key(RecipeKey.label)`); the literals below only look
/// like keys. The file's top-level keys (``FileKey``: `items`, `stores`, `version`) are left out: they name
/// collections, not fields, and are also command names and members of many outputs.
@Suite struct DataFileKeySpellingTests {
    /// A file's literals that coincide with a key, and why none of them is a record's field.
    struct Coincidence {
        let file: String
        let literals: Set<String>
        let reason: String
    }

    static let coincidences: [Coincidence] = [
        Coincidence(
            file: "shop/CommandLine/CommonOptions.swift",
            literals: ["quantity", "pantry", "price", "pack", "note", "name", "color", "every"],
            reason: "option names (--quantity, --pantry, ...): the command line's words"),
        Coincidence(
            file: "shop/CommandLine/Invocation.swift", literals: ["store", "color", "list"],
            reason: "the global options --store, --color and --list"),
        Coincidence(
            file: "shop/CommandLine/CompletionScripts.swift", literals: ["store"],
            reason: "the option --store, whose values complete to names"),
        Coincidence(
            file: "shop/Commands/ReceiptOptions.swift", literals: ["quantity", "date"],
            reason: "option names of buy (--quantity, --date)"),
        Coincidence(
            file: "shop/Commands/SpendingCommand.swift", literals: ["by", "spoiled"],
            reason: "the options --by and --spoiled"),
        Coincidence(
            file: "shop/Commands/StockCommand.swift", literals: ["stock", "spoiled"],
            reason: "the command's name and its option --spoiled"),
        Coincidence(
            file: "shop/Commands/StockOptions.swift", literals: ["stock", "keeps", "date"],
            reason: "option names (--stock, --keeps, --date)"),
        Coincidence(
            file: "shop/Commands/UseCommand.swift", literals: ["quantity", "spoiled"],
            reason: "option names of use (--quantity, --spoiled)"),
        Coincidence(file: "shop/Commands/PlanCommand.swift", literals: ["plan"], reason: "the command's name"),
        Coincidence(file: "shop/Commands/ListCommand.swift", literals: ["list"], reason: "the command's name"),
        Coincidence(
            file: "shop/Commands/UndoCommand.swift", literals: ["list"], reason: "the option --list of undo"),
        Coincidence(file: "shop/Commands/StoreCommand.swift", literals: ["store"], reason: "the command's name"),
        Coincidence(
            file: "shop/Commands/DeviceNameCommand.swift", literals: ["name"],
            reason: "the command's name, and the device's name in its --json object: the device file keeps it "
                + "under `deviceName`, and it is no record's field"),
        Coincidence(
            file: "shop/Commands/ExportCommand.swift", literals: ["amount"],
            reason: "a word of a sentence (`2 amounts written as whole counts`)"),
        Coincidence(
            file: "shop/Commands/ImportCommand.swift", literals: ["store", "name"],
            reason: "words of the import summary (`1 store`, `2 names trimmed`)"),
        Coincidence(file: "shop/Output/AmountText.swift", literals: ["pack"], reason: "the unit word (`2 packs`)"),
        Coincidence(
            file: "shop/Output/RecipeOutput.swift", literals: ["entry", "quantity", "unit"],
            reason: "a word (`2 entries`), and the members of one part of a need's amount (SPEC 11.2): a need "
                + "keeps its amount whole, under `amount`"),
        Coincidence(
            file: "shop/Output/JSONOutput+Sync.swift", literals: ["by", "stock"],
            reason: "a replacement's `by`: whose edit was kept (SPEC 8.4), not the device of a purchase; the count of "
                + "stock entries that came in, beside \"purchases\""),
        Coincidence(
            file: "shop/Output/WalkLearningOutput.swift", literals: ["store", "storeId"],
            reason: "`store learn --json` names the store it learned: a report, not a purchase"),
        Coincidence(
            file: "ShopServe/Serve/ServeOpsJSON.swift", literals: ["id"],
            reason: "an op's own id, echoed in the answer to POST /api/ops (SPEC 13)"),
        Coincidence(
            file: "shop/Serve/ServeListJSON.swift", literals: ["store", "list"],
            reason: "the ids of the store and the list the page picked, members of GET /api/list (SPEC 13, 22)"),
        Coincidence(
            file: "ShopServe/Serve/ServeOp.swift",
            literals: ["id", "name", "store", "by", "quantity", "price", "list"],
            reason: "the members of an op of POST /api/ops (SPEC 13, 17), the server's own protocol"),
        Coincidence(
            file: "ShopServe/Serve/ServeRouter.swift", literals: ["store", "list"],
            reason: "the query parameters of GET /api/list"),
        Coincidence(
            file: "ShopSharing/Sync/CommitMessage.swift", literals: ["store", "stock", "list"],
            reason: "the word for a kind of record in a commit message"),
        Coincidence(
            file: "ShopSharing/Sync/Replacement.swift", literals: ["by", "name"],
            reason: "the members of a merge commit's Shop-Replaced trailer, a format of its own"),
        Coincidence(
            file: "ShopHistory/StockReport+Fields.swift",
            literals: ["amount", "id", "bestBefore", "name", "date", "quantity", "unit"],
            reason: "the members of `stock --json` and `stock --spoiled --json` (SPEC 18): a report of what is at "
                + "home, no record's fields; its amounts are `{\"quantity\", \"unit\"}` as in SPEC 11.1"),
        Coincidence(file: "ShopModel/Amounts/UnitPrice.swift", literals: ["pack"], reason: "the unit word"),
        Coincidence(
            file: "ShopRecipes/MealPlan.swift", literals: ["list"],
            reason: "the plan file's metadata key (`>> list: Party`, SPEC 22), Cooklang's, not the data file's"),
        Coincidence(
            file: "ShopRecipes/RecipeRequest.swift", literals: ["list"],
            reason: "the recipe file's metadata key (`>> list: Party`, SPEC 22), Cooklang's, not the data file's"),
        Coincidence(file: "ShopModel/Amounts/WordUnits.swift", literals: ["pack"], reason: "the unit word"),
        Coincidence(
            file: "ShopFormats/Interop/ImportReader.swift", literals: ["visitationOrder", "onList"],
            reason: "recognises a ShoppingList14 file by its keys: another app's format"),
        Coincidence(
            file: "ShopFormats/Interop/ShoppingList14Format.swift",
            literals: ["name", "onList", "isAvailable", "quantity", "visitationOrder"],
            reason: "ShoppingList14's keys: another app's format"),
        Coincidence(
            file: "ShopFormats/Interop/ShoppingList14Format+Reading.swift",
            literals: ["name", "onList", "isAvailable", "quantity", "visitationOrder"],
            reason: "ShoppingList14's keys: another app's format"),
        Coincidence(
            file: "ShopFormats/WebRecipes/SchemaRecipeReader.swift", literals: ["name"],
            reason: "schema.org's own property `name` in a web page's JSON-LD, not shop's data"),
        Coincidence(
            file: "ShopFormats/WebRecipes/MicrodataRecipeReader.swift", literals: ["name"],
            reason: "schema.org's own property `name` in a web page's microdata, not shop's data"),
        Coincidence(
            file: "shop/Output/RecipeImportOutput.swift", literals: ["name", "quantity", "unit"],
            reason: "the members of an ingredient line in `recipe import --json` (SPEC 19), no record's fields"),
    ]

    /// Every record's keys, with the enum that declares each.
    static let keys: [String: [String]] = {
        let records: [(String, [String])] = [
            ("ItemKey", ItemKey.allCases.map(\.rawValue)), ("LocationKey", LocationKey.allCases.map(\.rawValue)),
            ("StoreKey", StoreKey.allCases.map(\.rawValue)), ("RecipeKey", RecipeKey.allCases.map(\.rawValue)),
            ("RecipeNeedKey", RecipeNeedKey.allCases.map(\.rawValue)),
            ("PurchaseKey", PurchaseKey.allCases.map(\.rawValue)),
            ("TimerKey", TimerKey.allCases.map(\.rawValue)), ("LogMarkerKey", LogMarkerKey.allCases.map(\.rawValue)),
        ]
        var keys: [String: [String]] = [:]
        for (record, names) in records {
            for name in names { keys[name, default: []].append(record) }
        }
        return keys
    }()

    @Test func theScannerFindsPlainLiteralsOutsideComments() {
        let text = #"""
            // "name" in a comment
            /* "id" */ let a = "name"
            let b = "\(count(n, "amount")) \"quoted\" \(x)"
            let c = #"raw"#
            let d = """
                "multi"
                """
            """#
        let found = StringLiterals(text).found
        #expect(found.map(\.text) == ["name", "amount", "raw", "\n    \"multi\"\n    "])
        #expect(found.map(\.line) == [2, 3, 4, 5])
    }

    @Test func noKeyIsSpeltOutsideItsDeclaration() throws {
        let files = try SourceTree.swiftFiles(under: "Sources").filter {
            // A record's declaration (Fields/) and its codec (DataFile/*+Codec.swift) spell its keys.
            !$0.path.hasPrefix("ShopModel/Fields/")
                && !($0.path.hasPrefix("ShopFormats/DataFile/") && $0.path.hasSuffix("+Codec.swift"))
        }
        // A sanity check that the sources were found.
        #expect(files.contains { $0.path == "shop/Output/RecipeOutput.swift" })
        var used: Set<String> = []
        for (path, text) in files {
            let allowed = Self.coincidences.first { $0.file == path }?.literals ?? []
            for (line, literal) in StringLiterals(text).found {
                guard let records = Self.keys[literal] else { continue }
                if allowed.contains(literal) {
                    used.insert(path + " " + literal)
                    continue
                }
                Issue.record(
                    """
                    Sources/\(path):\(line) spells "\(literal)", a key of \(records.joined(separator: ", ")): \
                    write it through its key (writer.key(\(records[0]).\(literal))), or, if it only looks \
                    like one, say why in DataFileKeySpellingTests.coincidences
                    """)
            }
        }
        // A coincidence no longer in its file goes from the list, so that the list stays true.
        for coincidence in Self.coincidences {
            for literal in coincidence.literals.sorted() where !used.contains(coincidence.file + " " + literal) {
                Issue.record("\(coincidence.file) no longer spells \"\(literal)\": take it out of coincidences")
            }
        }
    }
}

/// The tests mirror the sources (issue 25): each layer's tests are a test target of its own (`Tests/ShopModelTests`
/// for `Sources/ShopModel`), with that layer's dependencies and no more (issue 49), and every folder of a layer and
/// of `Sources/shop` has a folder of the same path in its tests, where the tests of its types live. Tests that need
/// layers side by side (the guess reads the sample data, a record's rows against every codec and merge) are in
/// `Tests/ShopKitTests`, in a folder named after a layer's folder (`Merge`) or after a one-folder layer (`Placing`).
/// Every test folder is one of a source folder, but for the exceptions below.
@Suite struct TestFoldersMirrorSourcesTests {
    /// Where the tests of each target's folders are, sources then tests.
    static let targets = [
        ("Sources/ShopTools", "Tests/ShopToolsTests"), ("Sources/ShopJSON", "Tests/ShopJSONTests"),
        ("Sources/ShopModel", "Tests/ShopModelTests"), ("Sources/ShopHistory", "Tests/ShopHistoryTests"),
        ("Sources/ShopRecipes", "Tests/ShopRecipesTests"), ("Sources/ShopWalks", "Tests/ShopWalksTests"),
        ("Sources/ShopPlacing", "Tests/ShopKitTests/Placing"), ("Sources/ShopFormats", "Tests/ShopFormatsTests"),
        ("Sources/ShopSharing", "Tests/ShopSharingTests"), ("Sources/ShopServe", "Tests/ShopServeTests"),
        ("Sources/shop", "Tests/shopTests"),
    ]

    /// The test targets with folders, and the one whose folders are the crossing tests.
    static let crossing = "Tests/ShopKitTests"
    static let testTargets = targets.map(\.1).filter { !$0.hasPrefix(crossing) } + [crossing]

    /// Source folders with no test folder, and why.
    static let untested: [String: String] = [
        "Sources/ShopFormats/SampleData": "the sample set: data compiled into the binary, no types",
        "Sources/ShopServe/Page": "the page's HTML, style sheet and scripts: files compiled into the binary, no types",
        "Sources/shop/Manual/Pages": "the manual's topic pages: text compiled into the binary, run by the README tests",
    ]

    /// Test folders with no source folder, and why.
    static let testOnly: [String: String] = [
        "Tests/ShopFormatsTests/Fixtures": "data files the tests read (every format version, files as written)",
        "Tests/shopTests/EndToEnd": "process tests that span folders (the README, safety, fuzzing) and their support",
    ]

    /// Every test folder a source folder asks for, as a path from the root.
    static let mirrored: Set<String> = Set(
        targets.flatMap { sources, tests in
            [tests] + SourceTree.folders(under: sources).map { "\(tests)/\($0)" }
                + SourceTree.folders(under: sources).map { "\(crossing)/\($0)" }
                + ["\(crossing)/\(sources.replacingOccurrences(of: "Sources/Shop", with: ""))"]
        })

    @Test func everySourceFolderHasATestFolder() {
        for (sources, tests) in Self.targets {
            let testFolders = Set(SourceTree.folders(under: "Tests").map { "Tests/\($0)" })
            #expect(testFolders.contains(tests), "\(sources) has no \(tests)")
            for folder in SourceTree.folders(under: sources) where Self.untested["\(sources)/\(folder)"] == nil {
                // A folder inside an exception is part of it (the sample's own folders).
                guard !Self.untested.keys.contains(where: { "\(sources)/\(folder)".hasPrefix($0 + "/") }) else {
                    continue
                }
                #expect(testFolders.contains("\(tests)/\(folder)"), "\(sources)/\(folder) has no \(tests)/\(folder)")
            }
        }
    }

    @Test func everyTestFolderHasASourceFolder() {
        for tests in Self.testTargets {
            for folder in SourceTree.folders(under: tests) {
                let path = "\(tests)/\(folder)"
                guard !Self.testOnly.keys.contains(where: { path == $0 || path.hasPrefix($0 + "/") }) else {
                    continue
                }
                #expect(Self.mirrored.contains(path), "\(path) mirrors no source folder")
            }
        }
    }
}

/// The library's layers (issue 37) are targets, so the compiler holds their direction: what is left to check
/// is that `import ShopKit` is still the whole library. Every layer `Package.swift` lists is re-exported by
/// `Sources/ShopKit/ShopKit.swift`, and that file holds nothing else.
@Suite struct LibraryLayersTests {
    @Test func shopKitReExportsEveryLayer() throws {
        let manifest = try String(
            contentsOf: SourceTree.root.appendingPathComponent("Package.swift"), encoding: .utf8)
        // The list may span lines (it is longer than one line since issue 49's targets).
        let start = try #require(manifest.range(of: "let layers: [Target.Dependency] = [")).upperBound
        let end = try #require(manifest[start...].firstIndex(of: "]"))
        let layers = manifest[start..<end].split(separator: "\"").enumerated().filter { $0.offset % 2 == 1 }.map {
            String($0.element)
        }
        #expect(layers.count >= 5 && layers.allSatisfy { $0.hasPrefix("Shop") })
        let umbrella = try #require(
            try SourceTree.swiftFiles(under: "Sources/ShopKit").first { $0.path == "ShopKit.swift" })
        let code = umbrella.text.split(separator: "\n").filter { !$0.hasPrefix("//") }
        #expect(code == layers.sorted().map { "@_exported import \($0)" })
        #expect(try SourceTree.swiftFiles(under: "Sources/ShopKit").count == 1)
    }
}

/// The README's drawing of the layers says which target stands on which; `Package.swift` is what the compiler
/// holds. These checks fail when one changes without the other: every target is drawn, every folder of
/// `Sources/` is in the layout, and each "does not know" the README states is true of the manifest.
@Suite struct ReadmeLayersTests {
    /// Each target's name and the targets it names in its `dependencies` (the `layers` list read as its names).
    static func manifestDependencies() throws -> [String: Set<String>] {
        let manifest = try String(contentsOf: SourceTree.root.appendingPathComponent("Package.swift"), encoding: .utf8)
        let start = try #require(manifest.range(of: "let layers: [Target.Dependency] = [")).upperBound
        let layers = quotedWords(in: manifest[start..<(try #require(manifest[start...].firstIndex(of: "]")))])
        // A target's declaration runs from its `name:` to the next one's; the products before `targets:` are not read.
        let targets = try #require(manifest.range(of: "\n    targets: [")).upperBound
        var dependencies: [String: Set<String>] = [:]
        for declaration in manifest[targets...].components(separatedBy: "name: \"").dropFirst() {
            let name = String(declaration.prefix { $0 != "\"" })
            var named = Set<String>()
            if let list = declaration.range(of: "dependencies: [") {
                let end = declaration[list.upperBound...].firstIndex(of: "]") ?? declaration.endIndex
                named = Set(quotedWords(in: declaration[list.upperBound..<end]))
                if declaration[end...].hasPrefix("] + layers") { named.formUnion(layers) }
            } else if declaration.contains("dependencies: layers") {
                named = Set(layers)
            }
            dependencies[name] = named
        }
        return dependencies
    }

    /// The names of the manifest's test targets (`.testTarget(name: ...)`), which the README does not draw.
    static func testTargetNames() throws -> Set<String> {
        let manifest = try String(contentsOf: SourceTree.root.appendingPathComponent("Package.swift"), encoding: .utf8)
        return Set(
            manifest.components(separatedBy: ".testTarget(").dropFirst().compactMap { declaration in
                declaration.components(separatedBy: "name: \"").dropFirst().first.map {
                    String($0.prefix { $0 != "\"" })
                }
            })
    }

    static func quotedWords(in text: Substring) -> [String] {
        text.split(separator: "\"", omittingEmptySubsequences: false).enumerated().filter { $0.offset % 2 == 1 }.map {
            String($0.element)
        }
    }

    static func readme() throws -> String {
        try String(contentsOf: SourceTree.root.appendingPathComponent("README.md"), encoding: .utf8)
    }

    @Test func theManifestIsReadWhole() throws {
        let dependencies = try Self.manifestDependencies()
        #expect(dependencies["ShopJSON"] == [])
        #expect(dependencies["ShopModel"] == ["ShopJSON"])
        #expect(
            dependencies["ShopKit"]?.contains("ShopServe") == true && dependencies["ShopKit"]?.contains("shop") == false
        )
        #expect(dependencies["shop"]?.isSuperset(of: ["ShopKit", "ShopArguments", "ShopServe"]) == true)
        #expect(dependencies.keys.contains("ShopServe") && dependencies.keys.contains("ShopFormats"))
    }

    @Test func everyTargetIsDrawnAndEveryFolderIsInTheLayout() throws {
        let readme = try Self.readme()
        let blocks = readme.components(separatedBy: "```text\n").dropFirst().map {
            $0.components(separatedBy: "```")[0]
        }
        let layout = try #require(blocks.first { $0.hasPrefix("ShopTools/ ") }, "no layout of Sources/ in the README")
        let drawing = try #require(blocks.first { $0.contains("re-exports the layers") }, "no drawing of the layers")
        let testTargets = try Self.testTargetNames()
        for target in try Self.manifestDependencies().keys where !testTargets.contains(target) {
            #expect(drawing.contains(target), "the README's drawing of the layers does not name \(target)")
        }
        for folder in SourceTree.folders(under: "Sources") where !folder.contains("/") {
            #expect(layout.contains("\n\(folder)/ ") || layout.hasPrefix("\(folder)/ "), "layout lacks \(folder)/")
        }
    }

    /// What the README says no layer uses, as (user, used) pairs: "ShopServe and ShopSharing do not know each
    /// other", ShopHistory "on ShopModel alone", none of the four "knows ShopFormats", the three above
    /// ShopHistory "do not know each other", ShopTools "imports nothing of shop".
    @Test func whatTheReadmeSaysNoLayerUsesIsNotUsed() throws {
        let readme = try Self.readme()
        #expect(readme.contains("ShopServe and ShopSharing do not know each other"))
        #expect(readme.contains("none of the four knows ShopFormats"))
        let dependencies = try Self.manifestDependencies()
        let four = ["ShopHistory", "ShopRecipes", "ShopWalks", "ShopPlacing"]
        var unknown: [(String, String)] = [("ShopServe", "ShopSharing"), ("ShopSharing", "ShopServe")]
        unknown += four.map { ($0, "ShopFormats") }
        unknown += four.dropFirst().flatMap { user in four.dropFirst().filter { $0 != user }.map { (user, $0) } }
        for (user, used) in unknown {
            #expect(dependencies[user] != nil, "Package.swift has no target \(user)")
            #expect(dependencies[user]?.contains(used) == false, "\(user) uses \(used), which the README denies")
        }
        #expect(dependencies["ShopHistory"] == ["ShopJSON", "ShopModel"])
        #expect(dependencies["ShopTools"] == [])
        #expect(dependencies["ShopArguments"] == [])
    }
}

/// Each layer's tests stand where the layer stands (issue 49): `ShopFormatsTests` depends on ShopFormats and on the
/// tests of layers ShopFormats knows (for their fixtures), so a test that reaches a layer above its own does not
/// compile. This check keeps the manifest from granting more.
@Suite struct TestTiersTests {
    @Test func eachLayersTestsKnowOnlyWhatTheLayerKnows() throws {
        let dependencies = try ReadmeLayersTests.manifestDependencies()
        func known(_ target: String) -> Set<String> {
            var seen: Set<String> = []
            var queue = [target]
            while let next = queue.popLast() {
                for dependency in dependencies[next] ?? [] where seen.insert(dependency).inserted {
                    queue.append(dependency)
                }
            }
            return seen
        }
        let layerTests = dependencies.keys.filter { name in
            name.hasPrefix("Shop") && name.hasSuffix("Tests") && name != "ShopKitTests"
                && dependencies[String(name.dropLast("Tests".count))] != nil
        }
        #expect(layerTests.count >= 8, "\(layerTests.sorted())")
        for tests in layerTests {
            let layer = String(tests.dropLast("Tests".count))
            let allowed = known(layer).union([layer, "ShopTestSupport"])
            for dependency in dependencies[tests] ?? [] {
                let reached = dependency.hasSuffix("Tests") ? String(dependency.dropLast("Tests".count)) : dependency
                #expect(allowed.contains(reached), "\(tests) depends on \(dependency), which \(layer) does not know")
            }
        }
    }
}
