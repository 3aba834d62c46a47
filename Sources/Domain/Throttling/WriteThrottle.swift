import Foundation

/// Per-user rates of the requests that change state, so one user cannot grow the shared tables
/// (or the ledger) as fast as the server can write: money movements under `transfers`, every
/// other change under `writes`. Counted before the work, shared across instances on PostgreSQL.
public struct WriteThrottle: Sendable {
    /// Which budget a request draws on.
    public enum Kind: String, Sendable, CaseIterable {
        /// Creates, updates and deletes (contacts, accounts, orders, drafts).
        case writes
        /// Money movements: a transfer, a draft's submission.
        case transfers
    }

    /// One rate: at most `quota` requests per window of `window` seconds; named as the
    /// `RateLimit-Policy` field names it.
    public struct Policy: Equatable, Sendable {
        public var kind: Kind
        public var quota: Int
        public var window: TimeInterval

        public init(kind: Kind, quota: Int, window: TimeInterval = 60) {
            self.kind = kind
            self.quota = max(1, quota)
            self.window = window
        }
    }

    /// What one request drew: the policy and the window's state after it.
    public struct Decision: Equatable, Sendable {
        public var policy: Policy
        public var state: RateWindowState
    }

    /// 600 changes a minute: ten a second, far beyond what a person or an app does, far below
    /// what a script can.
    public static let defaultWritesPerMinute = 600
    /// 60 transfers a minute: one a second.
    public static let defaultTransfersPerMinute = 60

    private let counter: any RateWindowCounter
    private let policies: [Kind: Policy]

    /// - Parameters: `writesPerMinute`, `transfersPerMinute`: nil for no limit of that kind.
    public init(
        counter: any RateWindowCounter, writesPerMinute: Int? = Self.defaultWritesPerMinute,
        transfersPerMinute: Int? = Self.defaultTransfersPerMinute
    ) {
        self.counter = counter
        var policies: [Kind: Policy] = [:]
        if let writesPerMinute { policies[.writes] = Policy(kind: .writes, quota: writesPerMinute) }
        if let transfersPerMinute { policies[.transfers] = Policy(kind: .transfers, quota: transfersPerMinute) }
        self.policies = policies
    }

    /// No limits at all.
    public static let unlimited = WriteThrottle(counter: InMemoryRateWindowCounter(), writesPerMinute: nil, transfersPerMinute: nil)

    /// The policy of `kind`, nil when that kind is not limited.
    public func policy(_ kind: Kind) -> Policy? { policies[kind] }

    /// Counts one request of `kind` by `user` at `now`; nil when that kind is not limited.
    public func take(_ kind: Kind, user: UserID, now: Date) -> Decision? {
        guard let policy = policies[kind] else { return nil }
        let state = counter.take(AttemptKey(scope: kind.rawValue, subject: user.rawValue), limit: policy.quota, window: policy.window, now: now)
        return Decision(policy: policy, state: state)
    }
}
