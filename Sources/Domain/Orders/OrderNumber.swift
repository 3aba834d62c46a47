/// The number people quote for an order: `SO-` and at least six digits (`SO-000123`).
public struct OrderNumber: Hashable, Sendable, CustomStringConvertible {
    public let rawValue: String

    /// The number for the `sequence`-th order (from 1); wider than six digits past 999 999.
    public init(sequence: Int64) {
        let digits = String(sequence)
        rawValue = "SO-" + String(repeating: "0", count: max(0, 6 - digits.count)) + digits
    }

    /// Stored text read back as it was written.
    public init(_ rawValue: String) { self.rawValue = rawValue }

    public var description: String { rawValue }
}
