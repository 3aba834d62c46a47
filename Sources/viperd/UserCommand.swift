import App
import ArgumentParser
import Foundation

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
            let id = try Operator.administer(database.location) { try $0.createUser(name: name, email: email, password: password) }
            print(id)
        }
    }
}
