// swift-tools-version:6.0
import PackageDescription

/// ShopKit's layers, bottom first: each target depends only on layers before it, so the compiler refuses an
/// arrow the wrong way. The `ShopKit` target re-exports them all (`import ShopKit` is the library).
let layers: [Target.Dependency] = [
    "ShopJSON", "ShopModel", "ShopHistory", "ShopRecipes", "ShopWalks", "ShopPlacing", "ShopFormats", "ShopSharing",
    "ShopServe",
]

/// The manual's topic pages (`shop help TOPIC`, `shop man TOPIC`), under `Sources/shop/Manual/Pages`.
let manualPages = [
    "shop-items.7.md", "shop-walking.7.md", "shop-meals.7.md", "shop-log.7.md", "shop-sharing.7.md", "shop-phone.7.md",
    "shop-scripting.7.md", "shop-file.5.md",
]

let package = Package(
    name: "shop",
    products: [
        .library(name: "ShopKit", targets: ["ShopKit"]),
        .executable(name: "shop", targets: ["shop"]),
        // Fetches a recipe page for `shop recipe import URL`: FoundationNetworking kept out of `shop`.
        .executable(name: "shop-fetch", targets: ["shop-fetch"]),
    ],
    targets: [
        // Generic tools, no shop concept in them (SHA-256, the QR encoder, terminal cell widths): below
        // every layer, kept out of the `ShopKit` umbrella; what uses them imports them.
        .target(name: "ShopTools"),
        // The command line parser, generic like swift-argument-parser (no shop concept in it): shop's tables,
        // help, manual and completion scripts stay in the executable. Below every layer, outside the umbrella.
        .target(name: "ShopArguments"),
        // The layers, each depending only on those listed before it; the compiler holds the direction.
        .target(name: "ShopJSON"),
        .target(name: "ShopModel", dependencies: ["ShopJSON"], resources: [.embedInCode("Domain/NameFolding.table")]),
        // The purchase history and the stock computed from it: buy's log side, reports, spending, restock
        // learning, lots, use/open/stock add (SPEC 10, 12, 18). The log's records are the core's.
        .target(name: "ShopHistory", dependencies: ["ShopJSON", "ShopModel"]),
        // Recipes and meal plans: Cooklang, recipe requests, `recipe add`/`plan` on the list (less what is at home).
        .target(name: "ShopRecipes", dependencies: ["ShopModel", "ShopHistory"]),
        // The walking order learned from the log's trips (SPEC 15).
        .target(name: "ShopWalks", dependencies: ["ShopModel"]),
        // Where a new item goes (SPEC 21): the guess, and the grocery words it reads, written for shop.
        .target(
            name: "ShopPlacing", dependencies: ["ShopJSON", "ShopModel"], resources: [.embedInCode("Vocabulary.txt")]),
        .target(
            name: "ShopFormats",
            dependencies: ["ShopJSON", "ShopModel", "ShopHistory"],
            // The sample's recipes and ShoppingList14 files are for the README's examples, not the binary.
            exclude: ["SampleData/meals", "SampleData/ShoppingList14"],
            resources: [.embedInCode("SampleData/shop.json"), .embedInCode("SampleData/shop.json.purchases")]),
        .target(name: "ShopSharing", dependencies: ["ShopJSON", "ShopModel", "ShopHistory", "ShopFormats"]),
        // The page's HTML, style sheet and scripts are files of their own, embedded at build time (`ServePage`).
        .target(
            name: "ShopServe",
            dependencies: ["ShopJSON", "ShopModel", "ShopHistory", "ShopPlacing", "ShopFormats", "ShopTools"],
            resources: [
                .embedInCode("Page/page.html"), .embedInCode("Page/page.css"), .embedInCode("Page/page.js"),
                .embedInCode("Page/sw.js"),
            ]),
        // The library's one import: re-exports the layers.
        .target(name: "ShopKit", dependencies: layers),
        // The layers are named beside the umbrella so that a change of a layer's types rebuilds these (SwiftPM
        // does not see through `@_exported import`: with ShopKit alone, a new stored property in ShopModel
        // left `shop` compiled against the old layout, and it crashed).
        // The manual's topic pages are files of their own, embedded like the page's (`ManualTopic`).
        .executableTarget(
            name: "shop", dependencies: ["ShopKit", "ShopTools", "ShopArguments"] + layers,
            resources: manualPages.map { .embedInCode("Manual/Pages/\($0)") }),
        .executableTarget(name: "shop-fetch", dependencies: ["ShopKit"] + layers),
        // The tests of each layer, with that layer's dependencies and no more: a test that reaches a layer above its
        // own does not compile. Helpers shared by several tiers live in the lowest tier that needs them.
        .testTarget(name: "ShopTestSupport"),
        .testTarget(name: "ShopToolsTests", dependencies: ["ShopTools"]),
        .testTarget(name: "ShopJSONTests", dependencies: ["ShopJSON", "ShopTestSupport"]),
        .testTarget(name: "ShopModelTests", dependencies: ["ShopModel", "ShopTestSupport"]),
        .testTarget(name: "ShopHistoryTests", dependencies: ["ShopHistory", "ShopModelTests"]),
        .testTarget(name: "ShopRecipesTests", dependencies: ["ShopRecipes", "ShopModelTests"]),
        .testTarget(name: "ShopWalksTests", dependencies: ["ShopWalks", "ShopModelTests"]),
        .testTarget(name: "ShopFormatsTests", dependencies: ["ShopFormats", "ShopModelTests"], exclude: ["Fixtures"]),
        .testTarget(name: "ShopSharingTests", dependencies: ["ShopSharing", "ShopFormatsTests"]),
        .testTarget(name: "ShopServeTests", dependencies: ["ShopServe", "ShopFormatsTests"]),
        // What crosses the layers (a record's rows against every codec and merge), and the source tree's checks.
        .testTarget(
            name: "ShopKitTests",
            dependencies: ["ShopKit", "ShopTools", "ShopSharingTests", "ShopRecipesTests"] + layers),
        .testTarget(
            name: "shopTests", dependencies: ["shop", "shop-fetch", "ShopKit", "ShopTools", "ShopArguments"] + layers),
    ],
    swiftLanguageModes: [.v6]
)
