import Foundation

/// How `PostgresDatabase` connects: the server and the size of its connection pool.
public struct PostgresConfiguration: Sendable, Equatable {
    /// A libpq connection URI (`postgres://user:password@host:5432/db?sslmode=require`) or
    /// key/value string, passed to libpq as is.
    public var url: String
    /// Connections opened at most; each request handler holds one for the length of one
    /// `read` or `write`, so the server's worker count is enough.
    public var poolSize: Int
    /// Times a write transaction is run again after a serialization failure or a deadlock.
    public var retryLimit: Int

    public init(url: String, poolSize: Int = 8, retryLimit: Int = 10) {
        self.url = url
        self.poolSize = max(1, poolSize)
        self.retryLimit = max(0, retryLimit)
    }

    /// Whether `url` names a PostgreSQL server rather than a file (the `--database-url` test).
    public static func isPostgresURL(_ url: String) -> Bool {
        url.hasPrefix("postgres://") || url.hasPrefix("postgresql://")
    }

    /// `url` with its password replaced by `***`, for logs.
    public var redactedURL: String {
        guard let scheme = url.range(of: "://"), let at = url[scheme.upperBound...].firstIndex(of: "@") else { return url }
        let credentials = url[scheme.upperBound..<at]
        guard let colon = credentials.firstIndex(of: ":") else { return url }
        return String(url[..<colon]) + ":***" + String(url[at...])
    }
}
