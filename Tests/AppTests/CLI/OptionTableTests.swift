import App
import Foundation
import HTTPServer
import Testing

/// The serve table is the one declaration of each option: the README, `--help` and the parser
/// all show what it holds.
@Suite("option table")
struct OptionTableTests {
    static let readme = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent().deletingLastPathComponent().appendingPathComponent("README.md")

    /// The README's options table: from its header row to the first line that is not a row.
    static func readmeTable() throws -> String {
        let lines = try String(contentsOf: readme, encoding: .utf8).components(separatedBy: "\n")
        guard let start = lines.firstIndex(where: { $0.hasPrefix("| option | variable | default |") }) else { return "" }
        let rows = lines[start...].prefix { $0.hasPrefix("|") }
        return rows.joined(separator: "\n") + "\n"
    }

    @Test("the README's options table is the one the serve table prints: every option, variable and default, nothing else")
    func readmeMatches() throws {
        let expected = ServeOptions.table.markdown(defaults: AppConfiguration())
        #expect(try Self.readmeTable() == expected, "regenerate it with `viperd options-markdown`; the table should be:\n\(expected)")
    }

    @Test("the README table names every flag and variable of the table, once each")
    func readmeRowsPerOption() throws {
        let rows = try Self.readmeTable().components(separatedBy: "\n").dropFirst(2).filter { !$0.isEmpty }
        #expect(rows.count == ServeOptions.table.options.count)
        for (row, option) in zip(rows, ServeOptions.table.options) {
            #expect(row.contains("--\(option.flag)") || row.contains("--[no-]\(option.flag)"), "\(row)")
            for variable in option.variables {
                #expect(row.contains("`\(variable)`"), "\(row) lacks \(variable)")
            }
        }
    }

    @Test("flags are unique, and each option's first variable is named after its flag")
    func namesAreDerived() {
        let flags = ServeOptions.table.options.map(\.flag)
        #expect(Set(flags).count == flags.count)
        for option in ServeOptions.table.options {
            #expect(option.variables.first == "VIPERD_" + option.flag.uppercased().replacingOccurrences(of: "-", with: "_"))
        }
    }

    @Test("a default shown as a value is the one the configuration starts from: giving it changes nothing")
    func shownDefaultsAreTheDefaults() throws {
        let defaults = AppConfiguration()
        let untouched = String(describing: try ServeOptions().resolve(environment: [:]))
        for option in ServeOptions.table.options {
            guard case .shown = option.defaultValue else { continue }
            let given = try ServeOptions([option.flag: [option.defaultText(in: defaults)]]).resolve(environment: [:])
            #expect(String(describing: given) == untouched, "--\(option.flag) \(option.defaultText(in: defaults))")
        }
    }

    @Test("--web-app is on by default; off by its flag or VIPERD_WEB_APP; anything but on or off is refused, naming both")
    func webApp() throws {
        #expect(try ServeOptions().resolve(environment: [:]).webApp)
        #expect(try !ServeOptions(["web-app": ["off"]]).resolve(environment: [:]).webApp)
        #expect(try !ServeOptions().resolve(environment: ["VIPERD_WEB_APP": "off"]).webApp)
        #expect(try ServeOptions(["web-app": ["on"]]).resolve(environment: ["VIPERD_WEB_APP": "off"]).webApp)
        #expect {
            try ServeOptions(["web-app": ["maybe"]]).resolve(environment: [:])
        } throws: { error in
            "\(error)" == "--web-app (or VIPERD_WEB_APP): 'maybe' is not on or off"
        }
    }

    @Test("--log-level falls back to VIPERD_LOG_LEVEL, then LOG_LEVEL; --log-format to VIPERD_LOG_FORMAT")
    func logging() throws {
        #expect(try "\(ServeOptions().resolve(environment: [:]).logLevel)" == "info")
        #expect(try "\(ServeOptions().resolve(environment: ["LOG_LEVEL": "warning"]).logLevel)" == "warning")
        #expect(try "\(ServeOptions().resolve(environment: ["LOG_LEVEL": "warning", "VIPERD_LOG_LEVEL": "debug"]).logLevel)" == "debug")
        #expect(try "\(ServeOptions(["log-level": ["ERROR"]]).resolve(environment: ["VIPERD_LOG_LEVEL": "debug"]).logLevel)" == "error")
        #expect(try ServeOptions().resolve(environment: ["VIPERD_LOG_FORMAT": "json"]).logFormat == .json)
        #expect {
            try ServeOptions().resolve(environment: ["LOG_LEVEL": "loud"])
        } throws: { error in
            "\(error)".hasPrefix("--log-level (or VIPERD_LOG_LEVEL or LOG_LEVEL): 'loud' is not one of trace, debug")
        }
    }

    @Test("a variable that is empty or only spaces counts as not set")
    func emptyVariable() throws {
        let configuration = try ServeOptions().resolve(environment: ["VIPERD_PORT": " ", "VIPERD_DB": "", "VIPERD_HOST": ""])
        #expect(configuration.server.port == 8080)
        #expect(configuration.server.host == "127.0.0.1")
        #expect(configuration.storage == .sqlite(path: AppConfiguration.defaultDatabasePath))
    }
}
