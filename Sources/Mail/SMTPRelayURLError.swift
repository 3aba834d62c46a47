/// Why an `--smtp-url` was refused. The reason never repeats the URL, which may hold a password.
public struct SMTPRelayURLError: Error, Sendable, Equatable, CustomStringConvertible {
    /// What is wrong with the URL, in a sentence an operator can act on.
    public var reason: String

    /// An error with its reason.
    public init(reason: String) {
        self.reason = reason
    }

    /// The reason.
    public var description: String { reason }
}
