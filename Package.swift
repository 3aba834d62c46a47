// swift-tools-version: 6.0
// The package graph enforces ARCHITECTURE.md's dependency rule: each target lists only the
// layers it may import, so an outward import fails to compile.
import PackageDescription

/// The numbered SQL files of Migrations/sqlite/ and Migrations/postgres/, compiled into the
/// binary so a release build migrates from any working directory. Listed by hand, not scanned:
/// SwiftPM caches the manifest's evaluation, so a scan can miss a file added later (or copied in
/// after `swift package resolve`, as in a Docker build). A new migration goes here and in its
/// folder's Swift file (`SQLiteMigrationFiles.swift`, `PostgresMigrationFiles.swift`);
/// `MigratorTests` and `DockerfileReplayTests` fail when either misses a file of the folder.
/// One target per folder: `.embedInCode` names a resource by its file name, and both dialects
/// keep the same names (`schema_migrations` records them).
let sqliteMigrationFiles = [
    "0001_create_contacts.sql",
    "0002_create_users_and_sessions.sql",
    "0003_products_orders.sql",
    "0004_accounts_transactions.sql",
    "0005_transfers.sql",
    "0006_account_balances.sql",
    "0007_contact_search.sql",
    "0010_contact_search_pending.sql",
    "0011_contact_list_order.sql",
    "0012_session_expiry.sql",
    "0013_user_contact_counts.sql",
    "0015_identity_outbox.sql",
    "0016_session_refresh.sql",
    "0017_pending_transfers.sql",
    "0018_event_tickets.sql",
    "0019_idempotency_transfers.sql",
    "0020_user_key_indexes.sql",
]
let postgresMigrationFiles = [
    "0001_create_contacts.sql",
    "0002_create_users_and_sessions.sql",
    "0003_products_orders.sql",
    "0004_accounts_transactions.sql",
    "0005_transfers.sql",
    "0006_account_balances.sql",
    "0007_contact_search.sql",
    "0008_login_failures.sql",
    "0009_login_attempts.sql",
    "0012_session_expiry.sql",
    "0013_user_contact_counts.sql",
    "0014_rate_windows.sql",
    "0015_identity_outbox.sql",
    "0016_session_refresh.sql",
    "0017_pending_transfers.sql",
    "0018_event_tickets.sql",
    "0019_idempotency_transfers.sql",
    "0020_user_key_indexes.sql",
]

/// The browser client of Clients/Web/ (HTML, CSS, ES modules), compiled into the binary and
/// served at /app/. Listed by hand for the same reason as the migrations; a new file goes here
/// and in `WebClientFiles.swift`, and `WebAppFilesTests` fails when either misses a file of the
/// folder. Names stay unique across subfolders: `.embedInCode` names a resource by its file name.
let webClientFiles = [
    "index.html",
    "app.css",
    "app.js",
    "api.js",
    "dom.js",
    "i18n.js",
    "live.js",
    "session/session.js",
    "contacts/contacts.js",
    "orders/orders.js",
    "accounts/accounts.js",
    "accounts/report.js",
    "transfers/transfers.js",
    "transfers/incoming.js",
]

let package = Package(
    name: "Viperd",
    platforms: [.macOS(.v15)],
    products: [
        .executable(name: "viperd", targets: ["viperd"]),
    ],
    dependencies: [
        .package(url: "https://github.com/apple/swift-log", from: "1.16.2"),
        .package(url: "https://github.com/apple/swift-argument-parser", from: "1.8.2"),
        .package(url: "https://github.com/apple/swift-crypto", from: "3.12.3"),
    ],
    targets: [
        .systemLibrary(
            name: "CSQLite",
            pkgConfig: "sqlite3",
            providers: [.apt(["libsqlite3-dev"])]
        ),
        // libpq, for the PostgreSQL gateway (`--database-url`).
        .systemLibrary(
            name: "CPostgres",
            pkgConfig: "libpq",
            providers: [.apt(["libpq-dev"])]
        ),
        // epoll and eventfd (libc's own headers, nothing to link), for the HTTP server's event loops.
        .systemLibrary(name: "CLinuxEvents"),
        .target(
            name: "HTTPServer",
            dependencies: ["CLinuxEvents", .product(name: "Logging", package: "swift-log")]
        ),
        .target(name: "Domain"),
        // Outgoing mail: the RFC 5322 text of a message and a plain SMTP client for the relay.
        .target(name: "Mail"),
        .target(name: "Presentation", dependencies: ["Domain"]),
        // Password hashing and bearer tokens: the Domain's credential ports over swift-crypto.
        .target(
            name: "Security",
            dependencies: [
                "Domain", .product(name: "Crypto", package: "swift-crypto"),
                .product(name: "_CryptoExtras", package: "swift-crypto"),
            ]
        ),
        // The SQL files of each dialect, embedded as data (see `sqliteMigrationFiles`).
        .target(name: "SQLiteMigrations", path: "Migrations/sqlite", resources: sqliteMigrationFiles.map { .embedInCode($0) }),
        .target(name: "PostgresMigrations", path: "Migrations/postgres", resources: postgresMigrationFiles.map { .embedInCode($0) }),
        // The checksum runner of both dialects; each gateway gives it a `MigrationLedger`.
        .target(
            name: "Migrations",
            dependencies: ["SQLiteMigrations", "PostgresMigrations", .product(name: "Crypto", package: "swift-crypto")]
        ),
        // What both SQL gateways share: the parameter values, the row reader and each entity's
        // row mapping, written once (the SQL text and the transactions stay each gateway's own).
        .target(name: "SQLRows", dependencies: ["Domain"]),
        .target(
            name: "SQLiteGateway",
            dependencies: ["Domain", "SQLRows", "CSQLite", "Migrations", .product(name: "Crypto", package: "swift-crypto")]
        ),
        .target(
            name: "PostgresGateway",
            dependencies: ["Domain", "SQLRows", "CPostgres", "Migrations"]
        ),
        // The web client's files, embedded as data (see `webClientFiles`).
        .target(name: "WebClient", path: "Clients/Web", resources: webClientFiles.map { .embedInCode($0) }),
        .target(
            name: "Web",
            dependencies: ["HTTPServer", "Presentation", "Domain", "WebClient", .product(name: "Logging", package: "swift-log")],
            // Served at /openapi.json and checked against the routes by a test.
            resources: [.embedInCode("OpenAPI/openapi.json")]
        ),
        .target(
            name: "App",
            dependencies: [
                "HTTPServer", "Domain", "Presentation", "Web", "SQLRows", "SQLiteGateway", "PostgresGateway", "Migrations", "Security", "Mail",
                .product(name: "Logging", package: "swift-log"),
            ]
        ),
        .executableTarget(
            name: "viperd",
            dependencies: [
                "App", "HTTPServer", "Presentation", "SQLiteGateway", "SQLRows", "Migrations",
                .product(name: "ArgumentParser", package: "swift-argument-parser"),
                .product(name: "Logging", package: "swift-log"),
            ]
        ),
        // Test-only helpers shared by the test targets (a raw-socket client, polling).
        .target(name: "TestSupport", dependencies: [.product(name: "Logging", package: "swift-log")], path: "Tests/TestSupport"),
        // Test doubles of the Domain's ports shared by the test targets (managers that fail the
        // test when storage is reached).
        .target(name: "DomainTestSupport", dependencies: ["Domain"], path: "Tests/DomainTestSupport"),
        // Fixtures of the gateway test targets (SQLite, PostgreSQL, the contract run on both):
        // entities to store, the test owners, a lock for concurrent tests, the ledger check.
        .target(name: "GatewayTestSupport", dependencies: ["Domain", "SQLRows"], path: "Tests/GatewayTestSupport"),
        .testTarget(name: "HTTPServerTests", dependencies: ["HTTPServer", "TestSupport"]),
        .testTarget(name: "MailTests", dependencies: ["Mail"]),
        .testTarget(name: "DomainTests", dependencies: ["Domain", "DomainTestSupport", "TestSupport"]),
        .testTarget(name: "SecurityTests", dependencies: ["Security", "Domain"]),
        .testTarget(name: "PresentationTests", dependencies: ["Presentation", "Domain", "DomainTestSupport"]),
        .testTarget(name: "SQLRowsTests", dependencies: ["SQLRows", "Domain"]),
        .testTarget(name: "SQLiteGatewayTests", dependencies: ["SQLiteGateway", "SQLRows", "Domain", "Migrations", "CSQLite", "TestSupport", "GatewayTestSupport", "DomainTestSupport"]),
        .testTarget(name: "PostgresGatewayTests", dependencies: ["PostgresGateway", "SQLRows", "Domain", "Migrations", "TestSupport", "GatewayTestSupport"]),
        // The EntityManager contract, run once per backend (SQLite, PostgreSQL).
        .testTarget(
            name: "GatewayContractTests",
            dependencies: ["SQLiteGateway", "PostgresGateway", "SQLRows", "Domain", "Migrations", "TestSupport", "GatewayTestSupport", "DomainTestSupport"]
        ),
        .testTarget(name: "WebTests", dependencies: ["Web", "WebClient", "HTTPServer", "Presentation", "Domain", "TestSupport", "DomainTestSupport"]),
        .testTarget(
            name: "AppTests",
            dependencies: ["App", "HTTPServer", "Web", "Domain", "Presentation", "SQLRows", "SQLiteGateway", "PostgresGateway", "Migrations", "Security", "TestSupport", "DomainTestSupport"]
        ),
    ],
    swiftLanguageModes: [.v6]
)

// A file must import every module whose members it uses, and protocol types are spelled
// `any P`: what a file depends on is visible in the file.
for target in package.targets where target.type != .system {
    target.swiftSettings = (target.swiftSettings ?? []) + [
        .enableUpcomingFeature("ExistentialAny"), .enableUpcomingFeature("MemberImportVisibility"),
    ]
}
