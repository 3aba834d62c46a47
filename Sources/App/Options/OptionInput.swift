import Foundation

/// Where a value came from.
public enum OptionSource: Sendable, Equatable {
    /// The command line.
    case flag
    /// The environment variable with this name.
    case variable(String)
}

/// Why a given value cannot be used. Shown after the option's label (`--port (or VIPERD_PORT): …`),
/// unless `standsAlone`, for a reason that already names every option involved.
public struct OptionRefusal: Error, CustomStringConvertible, Sendable {
    public let description: String
    /// The reason names the options itself: shown without the option's label.
    public let standsAlone: Bool

    public init(_ reason: String, standsAlone: Bool = false) {
        description = reason
        self.standsAlone = standsAlone
    }
}

/// A value given to one option, by its flag or its variable, with the checks every option shares.
public struct OptionInput: Sendable {
    /// Every value given (several only for a repeatable flag or a comma-separated variable).
    public let values: [String]
    /// The flag, or the variable that gave the values.
    public let source: OptionSource
    /// Where each option of the command that was given came from, by flag.
    let sources: [String: OptionSource]

    /// The value (the last one, when a flag was repeated).
    public var text: String { values.last ?? "" }

    /// Where another option of the same command came from; nil when it was not given.
    public func source(of flag: String) -> OptionSource? {
        sources[flag]
    }

    /// The value, refused when empty.
    public func nonEmpty() throws(OptionRefusal) -> String {
        guard !text.isEmpty else { throw OptionRefusal("must not be empty") }
        return text
    }

    /// A whole number in `range`.
    public func integer(in range: ClosedRange<Int>) throws(OptionRefusal) -> Int {
        guard let value = Int(text) else { throw OptionRefusal("'\(text)' is not a whole number") }
        guard range.contains(value) else { throw OptionRefusal("\(value) is outside \(range.lowerBound)...\(range.upperBound)") }
        return value
    }

    /// A duration given in seconds, or with `scale` in units of that many seconds (86 400: days).
    public func duration(scale: Double = 1, maximum: Double = 86_400) throws(OptionRefusal) -> Duration {
        guard let value = Double(text) else { throw OptionRefusal("'\(text)' is not a number") }
        let seconds = value * scale
        guard seconds.isFinite, seconds > 0, seconds <= maximum else {
            throw OptionRefusal("\(value) must be more than 0 and at most \(maximum / scale)")
        }
        // Cannot trap: finite, positive and at most `maximum` (3,650 days at most), so the
        // nanoseconds stay below 3.2 × 10^17, far inside Int64.
        return .nanoseconds(Int64((seconds * 1e9).rounded()))
    }

    /// on/off, also spelled true/false, yes/no or 1/0, in any case.
    public func onOff() throws(OptionRefusal) -> Bool {
        switch text.lowercased() {
        case "on", "true", "yes", "1": return true
        case "off", "false", "no", "0": return false
        default: throw OptionRefusal("'\(text)' is not on or off")
        }
    }

    /// One of an enumeration's raw values, in any case.
    public func oneOf<Choice: RawRepresentable & CaseIterable>(_: Choice.Type) throws(OptionRefusal) -> Choice where Choice.RawValue == String {
        guard let choice = Choice(rawValue: text.lowercased()) else {
            throw OptionRefusal("'\(text)' is not one of \(Choice.allCases.map(\.rawValue).joined(separator: ", "))")
        }
        return choice
    }
}

/// Durations as options show them: whole seconds without a fraction (`10`, `2.5`).
func secondsText(_ duration: Duration) -> String {
    let seconds = Double(duration.components.seconds) + Double(duration.components.attoseconds) / 1e18
    return numberText(seconds)
}

/// A number as options show it: `30`, not `30.0`.
func numberText(_ value: Double) -> String {
    value.rounded() == value && abs(value) < 1e15 ? String(Int64(value)) : String(value)
}
