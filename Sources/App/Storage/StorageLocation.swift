import Foundation
import PostgresGateway

/// Where the application's data lives: an SQLite file (the default) or a PostgreSQL server.
public enum StorageLocation: Sendable, Equatable, CustomStringConvertible {
    /// An SQLite database file; created (with its folder) when missing.
    case sqlite(path: String)
    /// A libpq connection string (`postgres://…`, `postgresql://…` or `host=… dbname=…`),
    /// passed to libpq as is.
    case postgres(url: String)

    /// Why the database settings cannot be used; worded for a terminal, naming the flags.
    public struct Conflict: Error, CustomStringConvertible, Equatable {
        public let description: String
    }

    /// The location `--db` / `--database-url` (flags) and `VIPERD_DB` / `VIPERD_DATABASE_URL`
    /// give: a flag wins over either variable; both flags, or both variables without a flag,
    /// are refused rather than one silently ignored; nothing at all is SQLite at `defaultPath`.
    public static func resolve(db: String?, databaseURL: String?, environment: [String: String], defaultPath: String) throws -> StorageLocation {
        func given(_ value: String?) -> String? {
            guard let value = value?.trimmingCharacters(in: .whitespaces), !value.isEmpty else { return nil }
            return value
        }
        let flagPath = given(db), flagURL = given(databaseURL)
        let variablePath = given(environment["VIPERD_DB"]), variableURL = given(environment["VIPERD_DATABASE_URL"])
        if db != nil, flagPath == nil { throw Conflict(description: "--db must not be empty") }
        if databaseURL != nil, flagURL == nil { throw Conflict(description: "--database-url must not be empty") }
        // A URL given as a file would be taken as a path: `postgres://u@h/db` makes a folder
        // named `postgres:` and an SQLite file in it, silently.
        for (value, setting, urlSetting) in [(flagPath, "--db", "--database-url"), (variablePath, "VIPERD_DB", "VIPERD_DATABASE_URL")] {
            if let value, looksLikeURL(value) {
                throw Conflict(description: """
                    \(setting): '\(Self.redacting(value))' is a URL, not an SQLite file; a PostgreSQL server is given \
                    with \(urlSetting)
                    """)
            }
        }
        switch (flagPath, flagURL) {
        case (.some, .some):
            throw Conflict(description: "--db (an SQLite file) and --database-url (a PostgreSQL server) were both given: choose one")
        case (.some(let path), nil):
            return .sqlite(path: path)
        case (nil, .some(let url)):
            return try postgres(url, flag: "--database-url")
        case (nil, nil):
            switch (variablePath, variableURL) {
            case (.some, .some):
                throw Conflict(description: "VIPERD_DB (an SQLite file) and VIPERD_DATABASE_URL (a PostgreSQL server) are both set: unset one, or give --db or --database-url")
            case (.some(let path), nil): return .sqlite(path: path)
            case (nil, .some(let url)): return try postgres(url, flag: "VIPERD_DATABASE_URL")
            case (nil, nil): return .sqlite(path: defaultPath)
            }
        }
    }

    /// `scheme://…` (RFC 3986 §3.1: a letter, then letters, digits, `+`, `-` or `.`).
    static func looksLikeURL(_ value: String) -> Bool {
        guard let separator = value.range(of: "://") else { return false }
        let scheme = value[..<separator.lowerBound]
        guard let first = scheme.unicodeScalars.first, first.isASCII, first.properties.isAlphabetic else { return false }
        return scheme.unicodeScalars.allSatisfy { $0.isASCII && ($0.properties.isAlphabetic || ("0"..."9").contains($0) || "+-.".unicodeScalars.contains($0)) }
    }

    private static func postgres(_ url: String, flag: String) throws -> StorageLocation {
        if PostgresConfiguration.isPostgresURL(url) { return .postgres(url: url) }
        // libpq's key/value form (`host=/tmp dbname=viperd`): every word a keyword=value pair.
        if !url.contains("://"), url.split(separator: " ").allSatisfy({ $0.contains("=") && !$0.hasPrefix("=") }) {
            return .postgres(url: url)
        }
        throw Conflict(description: """
            \(flag): '\(Self.redacting(url))' is not a PostgreSQL URL (postgres://user@host:5432/db, postgresql://… \
            or host=… dbname=…); an SQLite file is given with --db
            """)
    }

    /// Whether this is a PostgreSQL server.
    public var isPostgres: Bool {
        if case .postgres = self { return true }
        return false
    }

    /// The path or the URL with its password replaced by `***`: fit for logs and messages.
    public var description: String {
        switch self {
        case .sqlite(let path): path
        case .postgres(let url): Self.redacting(url)
        }
    }

    static func redacting(_ url: String) -> String {
        PostgresConfiguration.redacting(url)
    }
}
