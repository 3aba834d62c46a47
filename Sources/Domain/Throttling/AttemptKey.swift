/// What one sliding-window count is kept for: a kind of subject (`email`, `address`,
/// `registration`) and the subject itself (a normalized email, a client address).
public struct AttemptKey: Hashable, Sendable {
    public var scope: String
    public var subject: String

    public init(scope: String, subject: String) {
        self.scope = scope
        self.subject = subject
    }
}

/// At most `maximum` attempts of `key` in one window.
public struct AttemptLimit: Hashable, Sendable {
    public var key: AttemptKey
    public var maximum: Int

    /// - Parameter maximum: at least 1 (a smaller value is taken as 1: a limit of no attempts
    ///   would be a switch, not a limit, and the counters index the window by it).
    public init(_ key: AttemptKey, maximum: Int) {
        self.key = key
        self.maximum = max(1, maximum)
    }
}
