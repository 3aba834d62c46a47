import App
import ArgumentParser

/// The `viperd` command: the server and its operator tools.
@main
struct Viperd: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "viperd",
        abstract: "Viperd: a VIPER / Clean Architecture HTTP JSON backend.",
        version: BuildInfo.versionLine,
        subcommands: [Serve.self, Migrate.self, Backup.self, UserCommand.self, TokenCommand.self, SeedBench.self, ImportTransactions.self, SeedDemo.self, OptionsMarkdown.self],
        defaultSubcommand: nil)
}
