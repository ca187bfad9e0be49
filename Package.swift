// swift-tools-version:6.0
import PackageDescription

let package = Package(
    name: "shop",
    products: [
        .library(name: "ShopKit", targets: ["ShopKit"]),
        .executable(name: "shop", targets: ["shop"]),
        // Fetches a recipe page for `shop recipe import URL`: FoundationNetworking kept out of `shop`.
        .executable(name: "shop-fetch", targets: ["shop-fetch"]),
    ],
    targets: [
        .target(
            name: "ShopKit",
            // The sample's recipes and ShoppingList14 files are for the README's examples, not the binary.
            exclude: ["SampleData/meals", "SampleData/ShoppingList14"],
            resources: [
                .embedInCode("SampleData/shop.json"), .embedInCode("SampleData/shop.json.purchases"),
                .embedInCode("Domain/NameFolding.table"),
            ]),
        .executableTarget(name: "shop", dependencies: ["ShopKit"]),
        .executableTarget(name: "shop-fetch", dependencies: ["ShopKit"]),
        .testTarget(name: "ShopKitTests", dependencies: ["ShopKit"], exclude: ["Fixtures"]),
        .testTarget(name: "shopTests", dependencies: ["shop", "shop-fetch", "ShopKit"]),
    ],
    swiftLanguageModes: [.v6]
)
