import Foundation

/// The options of one command, in the order `--help` and the README list them.
public struct OptionTable<Settings>: Sendable {
    public let options: [CommandOption<Settings>]

    public init(_ options: [CommandOption<Settings>]) {
        self.options = options
    }

    /// Why a value could not be used; the message names the flag and its variables.
    public struct InvalidValue: Error, CustomStringConvertible, Equatable {
        public let description: String
    }

    /// The settings these flags, then the environment, give, starting from `initial` (whose
    /// values are the defaults). `flags` holds each given flag's values by its name; a toggle's
    /// value is on or off. A variable that is empty or only spaces counts as not set.
    public func resolve(flags: [String: [String]], environment: [String: String], into initial: Settings) throws(InvalidValue) -> Settings {
        var given: [(CommandOption<Settings>, [String], OptionSource)] = []
        for option in options {
            if let values = flags[option.flag], !values.isEmpty {
                given.append((option, values, .flag))
                continue
            }
            for variable in option.variables {
                guard let raw = environment[variable]?.trimmingCharacters(in: .whitespaces), !raw.isEmpty else { continue }
                let values = if case .list = option.shape {
                    raw.split(separator: ",").map { $0.trimmingCharacters(in: .whitespaces) }.filter { !$0.isEmpty }
                } else {
                    [raw]
                }
                given.append((option, values, .variable(variable)))
                break
            }
        }
        let sources = Dictionary(given.map { ($0.0.flag, $0.2) }, uniquingKeysWith: { first, _ in first })
        var settings = initial
        for (option, values, source) in given {
            do {
                try option.apply(&settings, OptionInput(values: values, source: source, sources: sources))
            } catch let refusal as OptionRefusal {
                throw InvalidValue(description: refusal.standsAlone ? refusal.description : "\(option.label): \(refusal.description)")
            } catch {
                throw InvalidValue(description: "\(option.label): \(error)")
            }
        }
        return settings
    }

    /// The option with this flag.
    public subscript(flag: String) -> CommandOption<Settings>? {
        options.first { $0.flag == flag }
    }
}
