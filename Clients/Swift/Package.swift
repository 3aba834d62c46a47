// swift-tools-version: 6.3
// The Swift client of Viperd, generated at build time from the server's own OpenAPI document
// (Sources/ViperdClient/openapi.json links to Sources/Web/OpenAPI/openapi.json: one source of
// truth). A package of its own, so the server's build never pulls in the generator.
import PackageDescription

let package = Package(
    name: "ViperdClient",
    platforms: [.macOS(.v13), .iOS(.v16), .tvOS(.v16), .watchOS(.v9), .visionOS(.v1)],
    products: [
        .library(name: "ViperdClient", targets: ["ViperdClient"]),
        .executable(name: "ViperdClientJourney", targets: ["ViperdClientJourney"]),
    ],
    dependencies: [
        .package(url: "https://github.com/apple/swift-openapi-generator", from: "1.14.3"),
        .package(url: "https://github.com/apple/swift-openapi-runtime", from: "1.13.4"),
        .package(url: "https://github.com/apple/swift-openapi-urlsession", from: "1.4.0"),
    ],
    targets: [
        // The generated types and client, plus what every app adds: bearer token,
        // Idempotency-Key on unsafe POSTs, problem+json as a typed error.
        .target(
            name: "ViperdClient",
            dependencies: [
                .product(name: "OpenAPIRuntime", package: "swift-openapi-runtime"),
                .product(name: "OpenAPIURLSession", package: "swift-openapi-urlsession"),
            ],
            plugins: [.plugin(name: "OpenAPIGenerator", package: "swift-openapi-generator")]
        ),
        // Drives a running server through the generated client only; CI runs it
        // (Scripts/clients/client-journey.sh).
        .executableTarget(
            name: "ViperdClientJourney",
            dependencies: [
                "ViperdClient",
                .product(name: "OpenAPIRuntime", package: "swift-openapi-runtime"),
                .product(name: "OpenAPIURLSession", package: "swift-openapi-urlsession"),
            ]
        ),
        .testTarget(
            name: "ViperdClientTests",
            dependencies: [
                "ViperdClient",
                .product(name: "OpenAPIRuntime", package: "swift-openapi-runtime"),
            ]
        ),
    ],
    swiftLanguageModes: [.v6]
)
