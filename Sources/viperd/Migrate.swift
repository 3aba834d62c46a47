import App
import ArgumentParser
import Foundation
import SQLiteGateway

/// `viperd migrate`: apply pending migrations, or list them with `--status`.
struct Migrate: ParsableCommand {
    static let configuration = CommandConfiguration(
        abstract: "Apply the database migrations built into this binary, or list them.")

    @Option(help: "SQLite database file (VIPERD_DB; default data/viperd.sqlite).")
    var db: String?

    @Flag(help: "List every migration as applied or pending; change nothing.")
    var status = false

    func run() throws {
        let path = db ?? ProcessInfo.processInfo.environment["VIPERD_DB"] ?? AppConfiguration().databasePath
        do {
            let database = try Database(configuration: DatabaseConfiguration(path: path, readerCount: 1))
            let migrator = try Migrator(database: database)
            if status {
                for entry in try migrator.status() {
                    let when = entry.appliedAt.map { " \(ISO8601DateFormatter().string(from: $0))" } ?? ""
                    print("\(entry.state.rawValue.padding(toLength: 8, withPad: " ", startingAt: 0)) \(entry.name)\(when)")
                }
                return
            }
            let applied = try migrator.migrate()
            print(applied.isEmpty ? "\(path): up to date" : applied.map { "applied \($0.name)" }.joined(separator: "\n"))
        } catch {
            var standardError = FileHandle.standardError
            print("viperd migrate: \(error)", to: &standardError)
            throw ExitCode(1)
        }
    }
}

extension FileHandle: @retroactive TextOutputStream {
    public func write(_ string: String) { write(Data(string.utf8)) }
}
