import Domain
import SQLRows

extension Database {
    /// A reader connection of the caller's own inside one read transaction, which starts at its
    /// first read: every statement on it sees the database as it was then, for a read that spans
    /// many calls (a report's pages). It is not one of the pooled readers, so holding it takes
    /// nothing from other requests; but while it is open no checkpoint can pass its snapshot,
    /// so the WAL grows with every write until `closeSnapshot`, which the caller must call soon
    /// (the HTTP server's stream deadline bounds a report's). Past
    /// `configuration.snapshotLimit` open at once, or one already open for `owner`:
    /// `GatewayError.unavailable`.
    public func openSnapshot(for owner: UserID) throws(GatewayError) -> SQLiteConnection {
        guard snapshotSlots.take(for: owner) else { throw GatewayError.unavailable("no report snapshot free for this user") }
        do {
            return try GatewayError.mapping {
                let connection = try SQLiteConnection(path: configuration.path, mode: .reader, configuration: configuration)
                try connection.execute("BEGIN")
                return connection
            }
        } catch {
            snapshotSlots.give(for: owner)
            throw error
        }
    }

    /// Ends what `openSnapshot` began; the connection closes when its last reference goes.
    public func closeSnapshot(_ connection: SQLiteConnection, for owner: UserID) {
        connection.resetBusyStatements()
        try? connection.execute("ROLLBACK")
        snapshotSlots.give(for: owner)
    }
}
