// swift-tools-version: 6.0
// The package graph enforces ARCHITECTURE.md's dependency rule: each target lists only the
// layers it may import, so an outward import fails to compile.
import PackageDescription

let package = Package(
    name: "Viperd",
    platforms: [.macOS(.v14)],
    products: [
        .executable(name: "viperd", targets: ["viperd"]),
    ],
    dependencies: [
        .package(url: "https://github.com/apple/swift-log", from: "1.16.2"),
        .package(url: "https://github.com/apple/swift-argument-parser", from: "1.8.2"),
    ],
    targets: [
        .systemLibrary(
            name: "CSQLite",
            pkgConfig: "sqlite3",
            providers: [.apt(["libsqlite3-dev"])]
        ),
        .target(
            name: "HTTPServer",
            dependencies: [.product(name: "Logging", package: "swift-log")]
        ),
        .target(name: "Domain"),
        .target(name: "Presentation", dependencies: ["Domain"]),
        .target(name: "SQLiteGateway", dependencies: ["Domain", "CSQLite"]),
        .target(
            name: "Web",
            dependencies: ["HTTPServer", "Presentation", "Domain"]
        ),
        .target(
            name: "App",
            dependencies: [
                "HTTPServer", "Domain", "Presentation", "Web", "SQLiteGateway",
                .product(name: "Logging", package: "swift-log"),
            ]
        ),
        .executableTarget(
            name: "viperd",
            dependencies: [
                "App", "HTTPServer",
                .product(name: "ArgumentParser", package: "swift-argument-parser"),
                .product(name: "Logging", package: "swift-log"),
            ]
        ),
        // Test-only helpers shared by the test targets (a raw-socket client, polling).
        .target(name: "TestSupport", path: "Tests/TestSupport"),
        .testTarget(name: "HTTPServerTests", dependencies: ["HTTPServer", "TestSupport"]),
        .testTarget(name: "DomainTests", dependencies: ["Domain"]),
        .testTarget(name: "PresentationTests", dependencies: ["Presentation", "Domain"]),
        .testTarget(name: "SQLiteGatewayTests", dependencies: ["SQLiteGateway", "Domain"]),
        .testTarget(name: "WebTests", dependencies: ["Web", "HTTPServer", "Presentation", "Domain", "TestSupport"]),
        .testTarget(
            name: "AppTests",
            dependencies: ["App", "HTTPServer", "Web", "Domain", "SQLiteGateway", "TestSupport"]
        ),
    ],
    swiftLanguageModes: [.v6]
)
