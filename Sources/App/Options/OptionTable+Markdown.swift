extension OptionTable {
    /// The README's options table: option, variable, default, and what the option does.
    public func markdown(defaults settings: Settings) -> String {
        var lines = ["| option | variable | default | what happens at the limit |", "|---|---|---|---|"]
        for option in options {
            let name: String
            var variables = option.variables.map { "`\($0)`" }.joined(separator: ", ")
            switch option.shape {
            case .value(nil): name = "`--\(option.flag)`"
            case .value(let valueName?): name = "`--\(option.flag) \(valueName.uppercased())`"
            case .list(let valueName):
                name = "`--\(option.flag) \(valueName.uppercased())` (repeatable)"
                variables += " (comma-separated)"
            case .toggle: name = "`--[no-]\(option.flag)`"
            }
            let defaultText = switch option.defaultValue {
            case .shown: "`\(option.defaultText(in: settings))`"
            case .described(let words): words
            }
            lines.append("| \(name) | \(variables) | \(defaultText) | \(option.readme ?? option.help) |")
        }
        return lines.joined(separator: "\n") + "\n"
    }
}
