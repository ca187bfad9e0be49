// swift-tools-version:6.0
import PackageDescription

let package = Package(
    name: "shop",
    products: [
        .library(name: "ShopKit", targets: ["ShopKit"]),
        .executable(name: "shop", targets: ["shop"]),
    ],
    targets: [
        .target(name: "ShopKit", resources: [.embedInCode("SampleData/shop.json")]),
        .executableTarget(name: "shop", dependencies: ["ShopKit"]),
        .testTarget(name: "ShopKitTests", dependencies: ["ShopKit"], exclude: ["Fixtures"]),
        .testTarget(name: "shopTests", dependencies: ["shop", "ShopKit"]),
    ],
    swiftLanguageModes: [.v6]
)
