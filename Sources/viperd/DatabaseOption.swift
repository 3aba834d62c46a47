import App
import ArgumentParser
import Foundation

/// The database path every operator command takes.
struct DatabaseOption: ParsableArguments {
    @Option(help: "SQLite database file (VIPERD_DB; default data/viperd.sqlite).")
    var db: String?

    var path: String { db ?? ProcessInfo.processInfo.environment["VIPERD_DB"] ?? AppConfiguration().databasePath }
}
