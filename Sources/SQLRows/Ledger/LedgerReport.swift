/// What `LedgerVerifier` found, every check in order, all read in one snapshot.
public struct LedgerReport: Equatable, Sendable {
    /// Every check, in `LedgerCheck.Name` order.
    public var checks: [LedgerCheck]

    /// A report of `checks`.
    public init(checks: [LedgerCheck]) {
        self.checks = checks
    }

    /// Whether every check holds.
    public var holds: Bool { checks.allSatisfy(\.holds) }

    /// Every violation listed, check by check.
    public var violations: [LedgerViolation] { checks.flatMap(\.violations) }

    /// The check named `name`.
    public subscript(name: LedgerCheck.Name) -> LedgerCheck? { checks.first { $0.name == name } }
}
