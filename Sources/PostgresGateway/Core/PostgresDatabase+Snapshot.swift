import Domain
import SQLRows

extension PostgresDatabase {
    /// A pooled connection lent to the caller inside one `REPEATABLE READ READ ONLY`
    /// transaction: every statement on it sees the database as of its first, for a read that
    /// spans many calls (a report's pages). While it is open the server keeps every row version
    /// that snapshot may need (vacuum waits), and the pool is a connection short, so the caller
    /// must call `closeSnapshot` soon (the HTTP server's stream deadline bounds a report's). Past
    /// half the pool open at once, or one already open for `owner`: `GatewayError.unavailable`.
    public func openSnapshot(for owner: UserID) throws(GatewayError) -> PostgresConnection {
        guard snapshotSlots.take(for: owner) else { throw GatewayError.unavailable("no report snapshot free for this user") }
        do {
            return try GatewayError.mapping {
                let connection = try takeConnection()
                do {
                    try beginSnapshot(on: connection)
                } catch {
                    give(back: connection)
                    throw error
                }
                return connection
            }
        } catch {
            snapshotSlots.give(for: owner)
            throw error
        }
    }

    /// Ends what `openSnapshot` began and gives the connection back to the pool.
    public func closeSnapshot(_ connection: PostgresConnection, for owner: UserID) {
        give(back: connection)
        snapshotSlots.give(for: owner)
    }

    /// On a fresh session when the pooled one turns out to be dead, as `write` begins.
    private func beginSnapshot(on connection: PostgresConnection) throws {
        let begin = "BEGIN ISOLATION LEVEL REPEATABLE READ READ ONLY"
        do {
            try connection.execute(begin)
        } catch let error as PostgresError where error.sqlState.isEmpty || error.sqlState.hasPrefix("08") {
            guard connection.reconnect() else { throw error }
            try connection.execute(begin)
        }
    }
}
