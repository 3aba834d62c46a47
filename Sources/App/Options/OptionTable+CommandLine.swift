import Foundation

extension OptionTable {
    /// The flags `arguments` give, by name (`resolve(flags:…)`'s input): `--flag VALUE` or
    /// `--flag=VALUE` for a value, repeated for a list, `--flag` / `--no-flag` for a toggle (on or
    /// off). The last of a repeated value wins, as in most command-line tools. Anything that is not
    /// one of the table's flags is refused, naming it.
    public func flags(parsing arguments: [String]) throws(InvalidValue) -> [String: [String]] {
        var flags: [String: [String]] = [:]
        var index = arguments.startIndex
        while index < arguments.endIndex {
            let argument = arguments[index]
            index += 1
            guard argument.hasPrefix("--"), argument.count > 2 else {
                throw InvalidValue(description: "unexpected argument '\(argument)'")
            }
            let body = argument.dropFirst(2)
            let name = body.split(separator: "=", maxSplits: 1).first.map(String.init) ?? String(body)
            let inline = body.firstIndex(of: "=").map { String(body[body.index(after: $0)...]) }
            if let option = self[name] {
                switch option.shape {
                case .toggle:
                    guard inline == nil else { throw InvalidValue(description: "--\(name) takes no value") }
                    flags[name] = ["on"]
                case .value, .list:
                    let value: String
                    if let inline {
                        value = inline
                    } else {
                        guard index < arguments.endIndex else { throw InvalidValue(description: "missing value for --\(name) <\(option.valueName)>") }
                        value = arguments[index]
                        index += 1
                    }
                    if case .list = option.shape { flags[name, default: []].append(value) } else { flags[name] = [value] }
                }
            } else if name.hasPrefix("no-"), let option = self[String(name.dropFirst(3))], option.shape == .toggle, inline == nil {
                flags[option.flag] = ["off"]
            } else {
                throw InvalidValue(description: "unknown option '--\(name)'")
            }
        }
        return flags
    }

    /// The table as `--help` lists it: each flag with its value name, then its help line
    /// (variables and default) indented beneath.
    public func helpText(defaults settings: Settings) -> String {
        options.map { option in
            let usage = switch option.shape {
            case .value, .list: "--\(option.flag) <\(option.valueName)>"
            case .toggle: "--[no-]\(option.flag)"
            }
            return "  \(usage)\n        \(option.helpLine(defaults: settings))"
        }.joined(separator: "\n")
    }
}
