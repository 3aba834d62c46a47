import App
import ArgumentParser

/// ArgumentParser's view of an `OptionTable`: one property wrapper built per option, so the
/// table, not a property per option, declares the flags and their help.
///
/// ArgumentParser finds a command's options by reflecting a fresh instance (`Mirror`); a command
/// that conforms to `CustomReflectable` and returns `children` from its `customMirror`, and
/// decodes `flags(from:)` in its `init(from:)`, gets every option of the table.
struct TableArguments<Settings: Sendable>: Sendable {
    let table: OptionTable<Settings>
    /// The settings the command starts from, whose values `--help` shows as the defaults.
    let defaults: Settings

    /// The wrappers ArgumentParser reads the options' names and help from, labelled by flag.
    var children: [Mirror.Child] {
        table.options.map { option in
            let name = NameSpecification.customLong(option.flag)
            let help = ArgumentHelp(option.helpLine(defaults: defaults), valueName: option.valueName)
            let wrapper: Any =
                switch option.shape {
                case .value: Option<String?>(name: name, help: help)
                case .list: Option<[String]>(wrappedValue: [], name: name, help: help)
                case .toggle: Flag<Bool?>(name: name, inversion: .prefixedNo, help: help)
                }
            return (label: option.flag, value: wrapper)
        }
    }

    /// The flags the command line gave, by name; a toggle's value is on or off.
    func flags(from decoder: any Decoder) throws -> [String: [String]] {
        let container = try decoder.container(keyedBy: ArgumentKey.self)
        var flags: [String: [String]] = [:]
        for option in table.options {
            let key = ArgumentKey(option.flag)
            switch option.shape {
            case .value:
                if let value = try container.decode(Option<String?>.self, forKey: key).wrappedValue { flags[option.flag] = [value] }
            case .list:
                let values = try container.decode(Option<[String]>.self, forKey: key).wrappedValue
                if !values.isEmpty { flags[option.flag] = values }
            case .toggle:
                if let on = try container.decode(Flag<Bool?>.self, forKey: key).wrappedValue { flags[option.flag] = [on ? "on" : "off"] }
            }
        }
        return flags
    }
}

/// A coding key named by a string: a flag of a table, or a property of the command.
struct ArgumentKey: CodingKey {
    let stringValue: String
    var intValue: Int? { nil }

    init(_ name: String) {
        stringValue = name
    }

    init?(stringValue: String) {
        self.stringValue = stringValue
    }

    init?(intValue: Int) {
        nil
    }
}
