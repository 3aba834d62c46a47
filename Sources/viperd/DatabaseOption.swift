import App
import ArgumentParser
import Foundation

/// The database every operator command takes: `--db` (an SQLite file) or `--database-url` (a
/// PostgreSQL server), declared in `DatabaseOptions.table`. Their help is the table's; a test
/// checks that these two properties are exactly the table's flags.
struct DatabaseOption: ParsableArguments {
    @Option(name: .customLong("db"), help: Self.help("db"))
    var db: String?

    @Option(name: .customLong("database-url"), help: Self.help("database-url"))
    var databaseURL: String?

    /// The help line of the table's option `flag`.
    static func help(_ flag: String) -> ArgumentHelp {
        guard let option = DatabaseOptions.table[flag] else { return ArgumentHelp() }
        return ArgumentHelp(option.helpLine(defaults: DatabaseOptions.defaultLocation), valueName: option.valueName)
    }

    /// The flags given, by name.
    var flags: [String: [String]] {
        ["db": db, "database-url": databaseURL].compactMapValues { $0.map { [$0] } }
    }

    /// Whether a flag named the database (a variable does not count).
    var isGiven: Bool { !flags.isEmpty }

    func validate() throws {
        _ = try location(environment: ProcessInfo.processInfo.environment)
    }

    /// The database the flags, else `VIPERD_DB` / `VIPERD_DATABASE_URL`, else the default name.
    func location(environment: [String: String] = ProcessInfo.processInfo.environment) throws -> StorageLocation {
        do {
            return try DatabaseOptions.table.resolve(flags: flags, environment: environment, into: DatabaseOptions.defaultLocation)
        } catch {
            throw ValidationError(error.description)
        }
    }

    /// The location, once `validate()` has accepted it.
    var location: StorageLocation {
        (try? location()) ?? DatabaseOptions.defaultLocation
    }
}
