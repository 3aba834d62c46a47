import Foundation
import PostgresGateway

/// Where the application's data lives: an SQLite file (the default) or a PostgreSQL server.
public enum StorageLocation: Sendable, Equatable, CustomStringConvertible {
    /// An SQLite database file; created (with its folder) when missing.
    case sqlite(path: String)
    /// A libpq connection string (`postgres://…`, `postgresql://…` or `host=… dbname=…`),
    /// passed to libpq as is.
    case postgres(url: String)

    /// `scheme://…` (RFC 3986 §3.1: a letter, then letters, digits, `+`, `-` or `.`).
    static func looksLikeURL(_ value: String) -> Bool {
        guard let separator = value.range(of: "://") else { return false }
        let scheme = value[..<separator.lowerBound]
        guard let first = scheme.unicodeScalars.first, first.isASCII, first.properties.isAlphabetic else { return false }
        return scheme.unicodeScalars.allSatisfy { $0.isASCII && ($0.properties.isAlphabetic || ("0"..."9").contains($0) || "+-.".unicodeScalars.contains($0)) }
    }

    /// A connection string libpq takes: a `postgres://` or `postgresql://` URL, or its key/value
    /// form (`host=/tmp dbname=viperd`: every word a keyword=value pair).
    static func isPostgresConnectionString(_ url: String) -> Bool {
        if PostgresConfiguration.isPostgresURL(url) { return true }
        return !url.contains("://") && url.split(separator: " ").allSatisfy { $0.contains("=") && !$0.hasPrefix("=") }
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
