import App
import ArgumentParser
import Foundation

/// `viperd seed-demo`: a demo user, contacts, an account and two months of transactions.
struct SeedDemo: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "seed-demo",
        abstract: "Create a demo user with contacts and an account holding two months of card transactions up to today.")

    @OptionGroup var database: DatabaseOption

    @Option(help: "The demo user's email.")
    var email = "demo@example.com"

    func run() throws {
        let seeded = try Operator.run { try DemoSeeder(storage: database.location).seed(email: email) }
        print("""
            demo user:    \(seeded.email)
            password:     \(seeded.password)
            token:        \(seeded.token)
            account:      \(seeded.accountID)
            transactions: \(seeded.authorized) authorized and \(seeded.posted) posted, \(seeded.from) to \(seeded.to)
            """)
    }
}
