import App
import ArgumentParser
import Foundation

/// The database every operator command takes: an SQLite file, or a PostgreSQL server.
struct DatabaseOption: ParsableArguments {
    @Option(help: "SQLite database file (VIPERD_DB; default data/viperd.sqlite).")
    var db: String?

    @Option(
        name: .customLong("database-url"),
        help: ArgumentHelp(
            "A PostgreSQL server to use instead of SQLite: postgres://user[:password]@host[:port]/db, postgresql://… or libpq's host=… dbname=… (VIPERD_DATABASE_URL).",
            valueName: "url"))
    var databaseURL: String?

    func validate() throws {
        _ = try location(environment: ProcessInfo.processInfo.environment)
    }

    /// The database the flags, else `VIPERD_DB` / `VIPERD_DATABASE_URL`, else the default name.
    func location(environment: [String: String] = ProcessInfo.processInfo.environment) throws -> StorageLocation {
        do {
            return try StorageLocation.resolve(db: db, databaseURL: databaseURL, environment: environment, defaultPath: AppConfiguration().databasePath)
        } catch let conflict as StorageLocation.Conflict {
            throw ValidationError(conflict.description)
        }
    }

    /// The location, once `validate()` has accepted it.
    var location: StorageLocation {
        (try? location()) ?? .sqlite(path: AppConfiguration().databasePath)
    }
}
