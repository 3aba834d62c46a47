import App
import ArgumentParser

/// `viperd options-markdown`: the README's options table, printed from `ServeOptions.table`, so
/// the README is regenerated rather than edited by hand (a test compares the two).
struct OptionsMarkdown: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "options-markdown", abstract: "Print the README's table of serve options.", shouldDisplay: false)

    func run() {
        print(ServeOptions.table.markdown(defaults: AppConfiguration()), terminator: "")
    }
}
