import App
import ArgumentParser
import Foundation

/// The `viperd` command: the server and its operator tools.
@main
struct Viperd: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "viperd",
        abstract: "Viperd: a VIPER / Clean Architecture HTTP JSON backend.",
        version: BuildInfo.versionLine,
        subcommands: [Serve.self, Migrate.self, Backup.self, UserCommand.self, TokenCommand.self, MailCommand.self, SeedBench.self, ImportTransactions.self, SeedDemo.self, VerifyLedger.self, OptionsMarkdown.self],
        defaultSubcommand: nil)

    /// Every file and folder viperd creates (the database, its WAL and shared-memory files,
    /// backups, a new data folder) is its user's alone: 0600 and 0700, whatever the umask it
    /// was started with. The gateway also creates the database that way itself.
    static func main() {
        umask(0o077)
        main(nil)
    }
}
