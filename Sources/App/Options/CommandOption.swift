import Foundation

/// One option of a command, declared once: its flag, its environment variables, its default, its
/// help, and how a given value is checked and written into the command's settings.
///
/// The command-line parser, the settings value and the README's options table are all derived
/// from these declarations, so an option is written in this one place plus the field it sets.
public struct CommandOption<Settings>: Sendable {
    /// How the option takes its value on the command line.
    public enum Shape: Sendable, Equatable {
        /// `--flag VALUE`; `valueName` is what `--help` and the README call the value.
        case value(valueName: String?)
        /// `--flag VALUE`, repeatable; its variable holds the values comma-separated.
        case list(valueName: String)
        /// `--flag` / `--no-flag`; its variable holds on or off.
        case toggle
    }

    /// The default, as `--help` and the README show it.
    public enum Default: Sendable {
        /// Read from the settings a command starts from, so it cannot drift from them.
        case shown(@Sendable (Settings) -> String)
        /// Words for a default that depends on the machine, or that means "none".
        case described(String)
    }

    /// The long name without its dashes: `idle-timeout`.
    public let flag: String
    /// A value, a repeatable value, or an on/off pair.
    public let shape: Shape
    /// The variables read when the flag is absent, first one first: `VIPERD_IDLE_TIMEOUT`.
    public let variables: [String]
    /// What leaving the option out means.
    public let defaultValue: Default
    /// One line for `--help`, plain text.
    public let help: String
    /// The README's "what happens" column, Markdown; nil repeats `help`.
    public let readme: String?
    /// Checks a given value and writes it into the settings; throws `OptionRefusal` (or any
    /// error, whose description is shown) when it cannot be used.
    let apply: @Sendable (inout Settings, OptionInput) throws -> Void

    /// An option whose variable is named after its flag (`--idle-timeout` → `VIPERD_IDLE_TIMEOUT`),
    /// followed by `alsoReading`.
    public init(
        _ flag: String, _ shape: Shape = .value(valueName: nil), alsoReading: [String] = [], default defaultValue: Default,
        help: String, readme: String? = nil, apply: @escaping @Sendable (inout Settings, OptionInput) throws -> Void
    ) {
        self.flag = flag
        self.shape = shape
        self.variables = [Self.environmentName(of: flag)] + alsoReading
        self.defaultValue = defaultValue
        self.help = help
        self.readme = readme
        self.apply = apply
    }

    /// `--idle-timeout` → `VIPERD_IDLE_TIMEOUT`.
    public static func environmentName(of flag: String) -> String {
        "VIPERD_" + flag.uppercased().replacingOccurrences(of: "-", with: "_")
    }

    /// How messages name the option: `--idle-timeout (or VIPERD_IDLE_TIMEOUT)`.
    public var label: String {
        "--\(flag) (or \(variables.joined(separator: " or ")))"
    }

    /// The default as text, for settings that start as `settings`.
    public func defaultText(in settings: Settings) -> String {
        switch defaultValue {
        case .shown(let show): show(settings)
        case .described(let words): words
        }
    }

    /// The line `--help` shows: the help, the variables and the default.
    public func helpLine(defaults settings: Settings) -> String {
        let variables = shape == .list(valueName: valueName) ? "\(self.variables.joined(separator: " or ")), comma-separated" : self.variables.joined(separator: " or ")
        // The help is plain text: a described default loses its Markdown code marks.
        return "\(help) (\(variables); default \(defaultText(in: settings).replacingOccurrences(of: "`", with: "")))"
    }

    /// What `--help` calls the value; nil for a toggle.
    public var valueName: String {
        switch shape {
        case .value(let name): name ?? flag
        case .list(let name): name
        case .toggle: flag
        }
    }
}
