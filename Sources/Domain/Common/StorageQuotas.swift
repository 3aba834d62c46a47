/// How many stored things one user may hold, so that no user can fill a table every user shares
/// (nor make every later query of theirs slower). The gateway checks a quota in the write
/// transaction that would pass it, so a parallel burst cannot beat it.
public struct StorageQuotas: Equatable, Sendable {
    /// What a quota counts.
    public enum Kind: String, Sendable, CaseIterable {
        /// Contacts in the address book.
        case contacts
        /// Accounts, the one every user gets included.
        case accounts
        /// Transfer drafts not yet expired.
        case drafts
        /// Transfers sent and still waiting for their recipient.
        case pendingTransfers = "pending_transfers"
    }

    /// Most contacts per user; nil for no quota.
    public var contacts: Int?
    /// Most accounts per user; nil for no quota.
    public var accounts: Int?
    /// Most unexpired transfer drafts per user; nil for no quota.
    public var openDrafts: Int?
    /// Most pending transfers per sender; nil for no quota. Each mails an address the sender
    /// typed, so it also bounds the mail one user can have sent to strangers.
    public var pendingTransfers: Int?

    public init(contacts: Int? = nil, accounts: Int? = nil, openDrafts: Int? = nil, pendingTransfers: Int? = nil) {
        self.contacts = contacts
        self.accounts = accounts
        self.openDrafts = openDrafts
        self.pendingTransfers = pendingTransfers
    }

    /// 100,000 contacts (a large address book, and what the list and search are measured at),
    /// 20 accounts, 20 open drafts (a draft lives a day: one send-money flow per tab), 20 pending
    /// transfers (friends not yet signed up).
    public static let standard = StorageQuotas(contacts: 100_000, accounts: 20, openDrafts: 20, pendingTransfers: 20)

    /// The quota of `kind`, nil when there is none.
    public func limit(_ kind: Kind) -> Int? {
        switch kind {
        case .contacts: contacts
        case .accounts: accounts
        case .drafts: openDrafts
        case .pendingTransfers: pendingTransfers
        }
    }
}

/// A write refused because its owner already holds `limit` things of `kind`.
public struct QuotaExceeded: Equatable, Sendable {
    public var kind: StorageQuotas.Kind
    public var limit: Int

    public init(kind: StorageQuotas.Kind, limit: Int) {
        self.kind = kind
        self.limit = limit
    }
}
