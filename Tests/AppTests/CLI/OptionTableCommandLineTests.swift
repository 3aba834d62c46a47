import App
import Foundation
import Testing

/// The table parses its own command line, so each flag is declared once, in the table.
@Suite("option table: the command line")
struct OptionTableCommandLineTests {
    let table = ServeOptions.table

    @Test("a value takes the next argument or what follows '='; a list collects each; a toggle is on, its no- form off")
    func shapes() throws {
        let flags = try table.flags(parsing: [
            "--port", "8081", "--host=::1", "--trusted-proxy", "10.0.0.0/8", "--trusted-proxy=192.168.0.0/16", "--cors-origin", "https://a.example",
        ])
        #expect(flags["port"] == ["8081"] && flags["host"] == ["::1"])
        #expect(flags["trusted-proxy"] == ["10.0.0.0/8", "192.168.0.0/16"] && flags["cors-origin"] == ["https://a.example"])
        let toggle = try #require(table.options.first { $0.shape == .toggle })
        #expect(try table.flags(parsing: ["--\(toggle.flag)"])[toggle.flag] == ["on"])
        #expect(try table.flags(parsing: ["--no-\(toggle.flag)"])[toggle.flag] == ["off"])
    }

    @Test("the last of a repeated value wins; an empty value after '=' is given (and refused later by the option's own check)")
    func repeated() throws {
        #expect(try table.flags(parsing: ["--port", "1", "--port", "2"])["port"] == ["2"])
        #expect(try table.flags(parsing: ["--port="])["port"] == [""])
    }

    @Test("an unknown flag, a stray word, a missing value and a toggle given a value are refused, each named")
    func refusals() {
        let cases: [([String], String)] = [
            (["--prot", "8080"], "unknown option '--prot'"),
            (["8080"], "unexpected argument '8080'"),
            (["--port"], "missing value for --port <port>"),
            (["--no-port"], "unknown option '--no-port'"),
            (["-p", "1"], "unexpected argument '-p'"),
        ]
        for (arguments, message) in cases {
            #expect(refusal(arguments) == message, "\(arguments)")
        }
        if let toggle = table.options.first(where: { $0.shape == .toggle }) {
            #expect(refusal(["--\(toggle.flag)=yes"]) == "--\(toggle.flag) takes no value")
        }
    }

    /// Why `arguments` were refused; nil when they were not.
    func refusal(_ arguments: [String]) -> String? {
        do {
            _ = try table.flags(parsing: arguments)
            return nil
        } catch {
            return error.description
        }
    }

    @Test("--help lists every flag of the table with its value name, variables and default")
    func help() {
        let text = table.helpText(defaults: AppConfiguration())
        for option in table.options {
            #expect(text.contains(option.shape == .toggle ? "--[no-]\(option.flag)" : "--\(option.flag) <\(option.valueName)>"), "\(option.flag)")
            #expect(text.contains(option.variables[0]), "\(option.flag)")
        }
    }
}
