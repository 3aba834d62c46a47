import PostgresMigrations
import SQLiteMigrations

/// The SQL files of `Migrations/sqlite/` and `Migrations/postgres/`, compiled into the binary.
///
/// A new migration is a new `NNNN_name.sql` file in a dialect's folder, its name in Package.swift
/// and its line in that folder's Swift file; a test fails when they disagree.
public enum EmbeddedMigrations {
    /// `Migrations/sqlite/`: `(file name, SQL bytes)`, in order.
    public static var sqlite: [(name: String, sql: [UInt8])] { SQLiteMigrationFiles.files }

    /// `Migrations/postgres/`: `(file name, SQL bytes)`, in order.
    public static var postgres: [(name: String, sql: [UInt8])] { PostgresMigrationFiles.files }

    /// The files of `dialect`'s folder.
    public static func files(for dialect: MigrationDialect) -> [(name: String, sql: [UInt8])] {
        switch dialect {
        case .sqlite: sqlite
        case .postgres: postgres
        }
    }
}
