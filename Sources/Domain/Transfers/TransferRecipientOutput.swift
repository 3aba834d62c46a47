/// The refusals a recipient can meet, shared by sending money and by a draft's recipient step.
public protocol TransferRecipientOutput: StorageFailureOutput {
    /// The source or the destination account is not one of the user's: missing and someone
    /// else's look alike.
    func presentAccountNotFound(_ id: AccountID)
    /// The recipient contact is not one of the user's.
    func presentContactNotFound(_ id: ContactID)
    /// The source and the destination are the same account.
    func presentSameAccount()
    /// The user's two accounts hold different currencies.
    func presentCurrencyMismatch()
    /// The contact has no email of a registered user, or that user has no account in the
    /// source's currency.
    func presentRecipientNotReachable()
}
