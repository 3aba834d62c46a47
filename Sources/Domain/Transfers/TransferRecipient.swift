/// Whom a transfer pays, as the sender named it: one of their own accounts, or a contact of
/// theirs whose email belongs to a registered user.
public enum TransferRecipient: Hashable, Sendable {
    case account(AccountID)
    case contact(ContactID)

    /// `account` or `contact`, as stored and shown.
    public var type: String {
        switch self {
        case .account: "account"
        case .contact: "contact"
        }
    }

    /// The account or contact id the sender gave.
    public var id: String {
        switch self {
        case .account(let id): id.rawValue
        case .contact(let id): id.rawValue
        }
    }

    /// The recipient stored as `type` and `id`; nil for a type this build does not know.
    public init?(type: String, id: String) {
        switch type {
        case "account": self = .account(AccountID(id))
        case "contact": self = .contact(ContactID(id))
        default: return nil
        }
    }
}
