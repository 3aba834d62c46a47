/// The SQL dialect a set of migrations is written in; each has its own folder of `Migrations/`.
public enum MigrationDialect: String, CaseIterable, Sendable {
    /// `Migrations/sqlite/`, for the embedded SQLite database.
    case sqlite
    /// `Migrations/postgres/`, for a shared PostgreSQL server.
    case postgres
}
