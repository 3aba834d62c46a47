/// Turns the recipient a sender named into the account to credit, with the rules every path
/// shares: own accounts only and in the same currency; contacts only the sender's, paid into the
/// first account, in the source's currency, of the user who holds the contact's address
/// *verified*, and otherwise held for that address (pending) until its verified owner claims it.
struct TransferRecipientResolver {
    /// Where the money lands and how both sides will read it.
    struct Destination: Equatable {
        let account: Account
        /// The account's or contact's name, for the transfer and the debit's description.
        let recipientName: String
        /// Of the credit on `account`.
        let creditDescription: String
        /// The contact's normalized address; nil for an own account.
        var email: String? = nil
    }

    /// Whom money that must wait is bound to.
    struct PendingDestination: Equatable {
        /// The contact's normalized address: only its verified owner may claim the money.
        let email: String
        /// The contact's name, for the transfer and the debit's description.
        let recipientName: String
    }

    enum Resolution: Equatable {
        case resolved(Destination)
        /// Nobody holds the address verified with an account in the currency yet.
        case pending(PendingDestination)
        case accountNotFound(AccountID)
        case contactNotFound(ContactID)
        case sameAccount
        case currencyMismatch
        case notReachable
    }

    /// Recipient accounts are looked up a page at a time.
    private static let accountPageSize = 100

    let accounts: any AccountManager
    let contacts: any ContactManager
    let users: any UserManager

    func resolve(_ recipient: TransferRecipient, from source: Account, owner: UserID) throws -> Resolution {
        switch recipient {
        case .account(let id):
            // Checked before the lookup: naming the source twice is the same mistake whoever owns it.
            guard id != source.id else { return .sameAccount }
            guard let destination = try accounts.fetch(id: id, owner: owner) else { return .accountNotFound(id) }
            guard destination.currency == source.currency else { return .currencyMismatch }
            return .resolved(Destination(account: destination, recipientName: destination.name, creditDescription: "Transfer from \(source.name)"))
        case .contact(let id):
            guard let contact = try contacts.fetch(id: id, owner: owner) else { return .contactNotFound(id) }
            // Only a verified holder: an address anyone may type is paid to nobody until its
            // owner proves the mailbox.
            guard let email = contact.email, !email.isEmpty else { return .notReachable }
            let address = EmailAddress.normalize(email)
            guard let user = try users.fetch(email: address), user.isEmailVerified, let destination = try firstAccount(of: user.id, in: source.currency)
            else { return .pending(PendingDestination(email: address, recipientName: Self.name(of: contact, fallback: email))) }
            // A contact carrying the sender's own email lands in the sender's first account: that may be the source.
            guard destination.id != source.id else { return .sameAccount }
            let sender = try users.fetch(id: owner)?.name ?? source.name
            return .resolved(Destination(
                account: destination, recipientName: Self.name(of: contact, fallback: email), creditDescription: "Transfer from \(sender)", email: address))
        }
    }

    /// The name a draft's recipient is shown by, without the reachability checks of `resolve`:
    /// the draft was checked when the step was taken. Nil when the account or contact is gone.
    func name(of recipient: TransferRecipient, owner: UserID) throws -> String? {
        switch recipient {
        case .account(let id): return try accounts.fetch(id: id, owner: owner)?.name
        case .contact(let id): return try contacts.fetch(id: id, owner: owner).map { Self.name(of: $0, fallback: $0.email ?? "") }
        }
    }

    /// Presents a refusal; false when there was none.
    static func present(_ resolution: Resolution, to output: any TransferRecipientOutput) -> Bool {
        switch resolution {
        case .resolved, .pending: return false
        case .accountNotFound(let id): output.presentAccountNotFound(id)
        case .contactNotFound(let id): output.presentContactNotFound(id)
        case .sameAccount: output.presentSameAccount()
        case .currencyMismatch: output.presentCurrencyMismatch()
        case .notReachable: output.presentRecipientNotReachable()
        }
        return true
    }

    /// The oldest account of `user` in `currency`.
    private func firstAccount(of user: UserID, in currency: Currency) throws -> Account? {
        var cursor: AccountCursor?
        while true {
            let page = try accounts.list(owner: user, after: cursor, limit: Self.accountPageSize)
            if let match = page.first(where: { $0.currency == currency }) { return match }
            guard page.count == Self.accountPageSize, let last = page.last else { return nil }
            cursor = AccountCursor(createdAt: last.createdAt, id: last.id)
        }
    }

    private static func name(of contact: Contact, fallback: String) -> String {
        let name = [contact.firstName, contact.lastName].compactMap { $0 }.filter { !$0.isEmpty }.joined(separator: " ")
        return name.isEmpty ? fallback : name
    }
}
