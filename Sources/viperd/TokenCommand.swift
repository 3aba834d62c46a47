import App
import ArgumentParser
import Foundation

/// `viperd token …`: bearer tokens.
struct TokenCommand: ParsableCommand {
    static let configuration = CommandConfiguration(commandName: "token", abstract: "Issue and revoke bearer tokens.", subcommands: [Create.self, Revoke.self])

    /// `viperd token create --email …`: prints a new token.
    struct Create: ParsableCommand {
        static let configuration = CommandConfiguration(abstract: "Issue a bearer token for a user and print it (it is shown only once).")

        @OptionGroup var database: DatabaseOption
        @Option(help: "The user's email.") var email: String

        func run() throws {
            let issued = try Operator.administer(database.location) { try $0.createToken(email: email) }
            print(issued.token)
        }
    }

    /// `viperd token revoke TOKEN` or `viperd token revoke --all --email …`.
    struct Revoke: ParsableCommand {
        static let configuration = CommandConfiguration(abstract: "Revoke a token, or every token of a user with --all --email.")

        @OptionGroup var database: DatabaseOption
        @Argument(help: "The token to revoke.") var token: String?
        @Flag(help: "Revoke every active token of --email.") var all = false
        @Option(help: "The user whose tokens --all revokes.") var email: String?

        func validate() throws {
            guard (token != nil) != (all && email != nil) else {
                throw ValidationError("give either a TOKEN, or --all with --email")
            }
        }

        func run() throws {
            if let token {
                let revoked = try Operator.administer(database.location) { try $0.revoke(token: token) }
                print(revoked ? "revoked" : "no active token like that")
            } else if let email {
                let count = try Operator.administer(database.location) { try $0.revokeAll(email: email) }
                print("revoked \(count) token(s)")
            }
        }
    }
}
