import App
import ArgumentParser
import Foundation

/// `viperd seed-bench`: a database for the shared benchmark harness, with the ids file its wrk scripts read.
struct SeedBench: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "seed-bench",
        abstract: "Create a benchmark database: migrations, one user with a token, N of their contacts and orders, and other verified users.")

    /// Required as a flag: seeding the default database by accident would fill a real one.
    @OptionGroup var database: DatabaseOption

    @Option(help: "How many contacts to insert.")
    var contacts = 10_000

    @Option(help: "How many orders (three lines each) to insert.")
    var orders = 0

    @Option(help: "How many other verified users (holder-<k>@example.com), each signed in with a first account.")
    var users = 0

    @Option(help: "Write the other users here, one per line: email, bearer token and first account's id, space-separated.")
    var usersFile: String?

    @Option(help: "Write the new contacts' ids here, one per line.")
    var idsFile: String?

    @Option(help: "Write the bench user's bearer token here.")
    var tokenFile: String?

    func validate() throws {
        guard database.isGiven else {
            throw ValidationError("give the database to create or extend: --db FILE (SQLite) or --database-url URL (PostgreSQL)")
        }
        guard (0...1_000_000).contains(contacts) else { throw ValidationError("--contacts must be 0...1000000") }
        guard (0...1_000_000).contains(orders) else { throw ValidationError("--orders must be 0...1000000") }
        guard (0...100_000).contains(users) else { throw ValidationError("--users must be 0...100000") }
    }

    func run() throws {
        let seeded = try BenchSeeder(storage: database.location).seed(contacts: contacts, orders: orders, users: users)
        if let idsFile {
            try (seeded.contactIDs.joined(separator: "\n") + "\n").write(toFile: idsFile, atomically: true, encoding: .utf8)
        }
        if let tokenFile {
            try (seeded.token + "\n").write(toFile: tokenFile, atomically: true, encoding: .utf8)
        }
        if let usersFile {
            try seeded.users.map { "\($0.email) \($0.token) \($0.accountID)\n" }.joined().write(toFile: usersFile, atomically: true, encoding: .utf8)
        }
        let others = seeded.users.isEmpty ? "" : " (and \(seeded.users.count) other users)"
        print("seeded 1 user, \(seeded.contactIDs.count) contacts and \(orders) orders\(others) into \(database.location)")
    }
}
