import App
import ArgumentParser
import Domain
import Foundation

/// `viperd mail …`: the outbox's mail.
struct MailCommand: ParsableCommand {
    static let configuration = CommandConfiguration(commandName: "mail", abstract: "Read the outbox's mail.", subcommands: [List.self])

    /// `viperd mail list`: the newest messages and where each stands.
    struct List: ParsableCommand {
        static let configuration = CommandConfiguration(
            abstract: "List the newest queued, sent, logged and failed messages (never the codes they carry).")

        @OptionGroup var database: DatabaseOption
        @Option(help: "How many, newest first (1-1000).") var limit = 20

        func validate() throws {
            guard (1...1000).contains(limit) else { throw ValidationError("--limit must be from 1 to 1000") }
        }

        func run() throws {
            let records = try Operator.administer(database.location) { try $0.recentMail(limit: limit) }
            let formatter = ISO8601DateFormatter()
            print(["created", "id", "kind", "to", "state", "attempts", "last error"].joined(separator: "\t"))
            for record in records {
                let request = record.request
                print([
                    formatter.string(from: request.createdAt), request.id, request.kind.rawValue, request.recipient, record.state.rawValue,
                    "\(record.attempts)", record.lastError ?? "",
                ].joined(separator: "\t"))
            }
        }
    }
}
