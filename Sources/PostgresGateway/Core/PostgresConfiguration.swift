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
    /// At most this many writes that declare their locks (`PostgresDatabase.write(locking:_:)`)
    /// share one transaction and one commit; 1 gives each its own.
    public var groupCommitLimit: Int
    /// Groups that may run at once, each on a session of its own: a write joins the lane of its
    /// first account (`RowLocks.orderedAccounts`), so transfers on the same accounts still queue
    /// together while those on others run beside them.
    public var groupCommitLanes: Int

    /// Four lanes: on one machine, more left the flushes no fuller, and one serialized every
    /// transfer of the instance behind one session.
    public static let defaultGroupCommitLanes = 4

    /// The group size that kept a transfer's locks and commit shared without holding one
    /// transaction long: 32 transfers' statements are a few milliseconds of the server's time.
    public static let defaultGroupCommitLimit = 32

    public init(
        url: String, poolSize: Int = 8, retryLimit: Int = 10, groupCommitLimit: Int = Self.defaultGroupCommitLimit,
        groupCommitLanes: Int = Self.defaultGroupCommitLanes
    ) {
        self.url = url
        self.poolSize = max(1, poolSize)
        self.retryLimit = max(0, retryLimit)
        self.groupCommitLimit = max(1, groupCommitLimit)
        self.groupCommitLanes = max(1, groupCommitLanes)
    }

    /// Whether `url` names a PostgreSQL server rather than a file (the `--database-url` test).
    public static func isPostgresURL(_ url: String) -> Bool {
        url.hasPrefix("postgres://") || url.hasPrefix("postgresql://")
    }

    /// `url` with its password replaced by `***`, for logs.
    public var redactedURL: String { Self.redacting(url) }

    /// `url` without its password, in the URI's user info, a `password=` query parameter or a
    /// `password=` keyword: fit for logs and messages.
    public static func redacting(_ url: String) -> String {
        var text = url
        if let scheme = text.range(of: "://"), let at = text[scheme.upperBound...].firstIndex(of: "@"),
            let colon = text[scheme.upperBound..<at].firstIndex(of: ":")
        {
            text.replaceSubrange(text.index(after: colon)..<at, with: "***")
        }
        var searchFrom = text.startIndex
        while let found = text.range(of: "password=", options: .caseInsensitive, range: searchFrom..<text.endIndex) {
            let end = text[found.upperBound...].firstIndex(where: { $0 == "&" || $0 == " " }) ?? text.endIndex
            text.replaceSubrange(found.upperBound..<end, with: "***")
            searchFrom = text.index(found.upperBound, offsetBy: 3)
        }
        return text
    }
}
