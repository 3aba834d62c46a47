import App
import ArgumentParser
import Foundation

/// The database every operator command takes: `--db` (an SQLite file) or `--database-url` (a
/// PostgreSQL server), declared in `DatabaseOptions.table`.
struct DatabaseOption: ParsableArguments, CustomReflectable {
    static let arguments = TableArguments(table: DatabaseOptions.table, defaults: DatabaseOptions.defaultLocation)

    /// The flags given, by name.
    private(set) var flags: [String: [String]] = [:]

    init() {}

    init(from decoder: any Decoder) throws {
        flags = try Self.arguments.flags(from: decoder)
    }

    var customMirror: Mirror {
        Mirror(self, children: Self.arguments.children, displayStyle: .struct)
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
