/// One rule of the ledger as `LedgerVerifier` checked it: what must hold, how much it covered,
/// and every record that breaks it.
public struct LedgerCheck: Equatable, Sendable {
    /// The rules, in the order they are checked and printed.
    public enum Name: String, CaseIterable, Sendable {
        /// Each account's stored balance is the sum of its rows.
        case balances
        /// Each account's stored reservation is the sum of its pending transfers.
        case pendingDebits = "pending debits"
        /// Each transfer is resolved once and wholly.
        case resolutions
        /// Each completed transfer has its two legs.
        case legs
        /// Transfers only move money.
        case conservation
    }

    /// One figure the check covered: `12 accounts`.
    public struct Count: Equatable, Sendable, CustomStringConvertible {
        /// What was counted (`accounts`, `pending transfers`).
        public var what: String
        /// How many.
        public var number: Int64

        /// `number` of `what`.
        public init(_ number: Int64, _ what: String) {
            self.what = what
            self.number = number
        }

        /// `12 accounts`.
        public var description: String { "\(number) \(what)" }
    }

    /// The most violations a check lists unless told otherwise (each check still counts them
    /// all): a ledger broken everywhere should not print a line per row.
    public static let defaultViolationLimit = 1_000

    /// Which rule.
    public var name: Name
    /// The rule in words, as the domain defines its figures.
    public var rule: String
    /// What the check read.
    public var counted: [Count]
    /// The records that break the rule, at most the verifier's limit per check.
    public var violations: [LedgerViolation]
    /// How many records break the rule, listed or not.
    public var violationCount: Int

    /// A check's outcome.
    public init(name: Name, rule: String, counted: [Count], violations: [LedgerViolation], violationCount: Int? = nil) {
        self.name = name
        self.rule = rule
        self.counted = counted
        self.violations = violations
        self.violationCount = violationCount ?? violations.count
    }

    /// Whether no record breaks the rule.
    public var holds: Bool { violationCount == 0 }
}
