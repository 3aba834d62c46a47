import App
import ArgumentParser
import Foundation

/// `viperd seed-bench`: a database for `../shared/bench`, with the ids file its wrk scripts read.
struct SeedBench: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "seed-bench",
        abstract: "Create a benchmark database: migrations plus N contacts of the development owner.")

    @Option(help: "SQLite database file to create or extend.")
    var db: String

    @Option(help: "How many contacts to insert.")
    var contacts = 10_000

    @Option(help: "Write the new contacts' ids here, one per line.")
    var idsFile: String?

    func validate() throws {
        guard (0...1_000_000).contains(contacts) else { throw ValidationError("--contacts must be 0...1000000") }
    }

    func run() throws {
        let ids = try BenchSeeder(databasePath: db).seed(contacts: contacts)
        if let idsFile {
            try (ids.joined(separator: "\n") + "\n").write(toFile: idsFile, atomically: true, encoding: .utf8)
        }
        print("seeded \(ids.count) contacts into \(db)")
    }
}
