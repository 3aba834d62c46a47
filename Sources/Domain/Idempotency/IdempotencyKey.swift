/// A client's `Idempotency-Key`: 1 to 255 visible ASCII characters.
public struct IdempotencyKey: Hashable, Sendable, CustomStringConvertible {
    public static let maximumLength = 255

    public let rawValue: String

    /// Nil for an empty or over-long key, or one with spaces, controls or non-ASCII.
    public init?(_ rawValue: String) {
        let bytes = rawValue.utf8
        guard (1...Self.maximumLength).contains(bytes.count), bytes.allSatisfy({ (0x21...0x7E).contains($0) }) else { return nil }
        self.rawValue = rawValue
    }

    public var description: String { rawValue }
}
