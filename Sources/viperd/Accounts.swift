import App
import ArgumentParser
import Foundation

/// The database path every operator command takes.
struct DatabaseOption: ParsableArguments {
    @Option(help: "SQLite database file (VIPERD_DB; default data/viperd.sqlite).")
    var db: String?

    var path: String { db ?? ProcessInfo.processInfo.environment["VIPERD_DB"] ?? AppConfiguration().databasePath }
}

/// `viperd user …`: user accounts.
struct UserCommand: ParsableCommand {
    static let configuration = CommandConfiguration(commandName: "user", abstract: "Manage user accounts.", subcommands: [Create.self])

    /// `viperd user create --email … --name …`, password on standard input.
    struct Create: ParsableCommand {
        static let configuration = CommandConfiguration(abstract: "Create a user; the password is read from standard input (one line).")

        @OptionGroup var database: DatabaseOption
        @Option(help: "The user's email (stored trimmed and lowercased).") var email: String
        @Option(help: "The user's name.") var name: String

        func run() throws {
            guard let password = readLine(strippingNewline: true), !password.isEmpty else {
                throw ValidationError("no password on standard input")
            }
            let id = try Operator.administer(database.path) { try $0.createUser(name: name, email: email, password: password) }
            print(id)
        }
    }
}

/// `viperd token …`: bearer tokens.
struct TokenCommand: ParsableCommand {
    static let configuration = CommandConfiguration(commandName: "token", abstract: "Issue and revoke bearer tokens.", subcommands: [Create.self, Revoke.self])

    /// `viperd token create --email …`: prints a new token.
    struct Create: ParsableCommand {
        static let configuration = CommandConfiguration(abstract: "Issue a bearer token for a user and print it (it is shown only once).")

        @OptionGroup var database: DatabaseOption
        @Option(help: "The user's email.") var email: String

        func run() throws {
            let issued = try Operator.administer(database.path) { try $0.createToken(email: email) }
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
                let revoked = try Operator.administer(database.path) { try $0.revoke(token: token) }
                print(revoked ? "revoked" : "no active token like that")
            } else if let email {
                let count = try Operator.administer(database.path) { try $0.revokeAll(email: email) }
                print("revoked \(count) token(s)")
            }
        }
    }
}

/// Operator errors as one line on stderr and exit status 1.
enum Operator {
    /// Opens the database for an account command, runs `body`, and checkpoints before returning.
    static func administer<T>(_ path: String, _ body: (AccountAdministration) throws -> T) throws -> T {
        try run {
            let administration = try AccountAdministration(databasePath: path)
            let result = try body(administration)
            try administration.close()
            return result
        }
    }

    static func run<T>(_ body: () throws -> T) throws -> T {
        do {
            return try body()
        } catch {
            var standardError = FileHandle.standardError
            print("viperd: \(error)", to: &standardError)
            throw ExitCode(1)
        }
    }
}
