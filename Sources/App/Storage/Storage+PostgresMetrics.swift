import PostgresGateway
import Web

extension Storage {
    /// The PostgreSQL store's series for `/metrics` (`PostgresMetrics`); nil on SQLite, which has
    /// its own (`sqliteMetrics`).
    var postgresMetrics: PostgresMetrics? {
        guard case .postgres(let database) = engine else { return nil }
        let statistics = database.statistics
        return PostgresMetrics(
            commits: statistics.commits, committedWrites: statistics.committedWrites, abandonedGroups: statistics.abandonedGroups,
            retries: statistics.retries, roundTrips: statistics.roundTrips)
    }
}
