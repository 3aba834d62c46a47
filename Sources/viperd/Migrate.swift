import App
import ArgumentParser
import Foundation
import Migrations

/// `viperd migrate`: apply pending migrations, or list them with `--status`.
struct Migrate: ParsableCommand {
    /// `migrate --status`'s exit statuses besides 0 (every migration applied) and 1 (an error).
    enum StatusExit {
        /// Something is pending, changed or missing.
        static let notUpToDate: Int32 = 3
        /// There is no database file at the path (none is created).
        static let noDatabase: Int32 = 4
    }

    static let configuration = CommandConfiguration(
        abstract: "Apply the database migrations built into this binary, or list them.",
        discussion: """
            Works on the SQLite file (--db) or the PostgreSQL server (--database-url) the server \
            uses; on PostgreSQL an advisory lock lets instances starting together apply each \
            migration once. With --status nothing is changed and no file is created. Its exit \
            status: 0 every migration is applied; 3 one is pending, changed or missing; 4 there \
            is no SQLite database at the path; 1 any other error (an unreachable server too).
            """)

    @OptionGroup var database: DatabaseOption

    @Flag(help: "List every migration as applied, pending, changed or missing; change nothing (exit 3 unless all applied).")
    var status = false

    func run() throws {
        let location = database.location
        var standardError = FileHandle.standardError
        if status, case .sqlite(let path) = location, !FileManager.default.fileExists(atPath: path) {
            print("viperd migrate: no database at \(path) (nothing created; `viperd migrate` creates it)", to: &standardError)
            throw ExitCode(StatusExit.noDatabase)
        }
        let upToDate: Bool
        do {
            let storage = try Storage(location, connections: 1)
            defer { try? storage.close() }
            let migrator = try storage.migrator()
            if status {
                let entries = try migrator.status()
                for entry in entries {
                    let when = entry.appliedAt.map { " \(ISO8601DateFormatter().string(from: $0))" } ?? ""
                    print("\(entry.state.rawValue.padding(toLength: 8, withPad: " ", startingAt: 0)) \(entry.name)\(when)")
                }
                upToDate = entries.allSatisfy { $0.state == .applied }
            } else {
                let applied = try migrator.migrate()
                print(applied.isEmpty ? "\(location): up to date" : applied.map { "applied \($0.name)" }.joined(separator: "\n"))
                upToDate = true
            }
        } catch {
            print("viperd migrate: \(error)", to: &standardError)
            throw ExitCode(1)
        }
        guard upToDate else {
            print("viperd migrate: \(location) is not up to date (exit \(StatusExit.notUpToDate))", to: &standardError)
            throw ExitCode(StatusExit.notUpToDate)
        }
    }
}
