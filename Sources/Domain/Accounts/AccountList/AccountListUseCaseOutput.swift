/// What listing accounts can lead to.
public protocol AccountListUseCaseOutput: StorageFailureOutput {
    /// A page of accounts, oldest first; `next` is where the following page starts, nil on the last.
    func presentAccounts(_ accounts: [AccountPresentationModel], next: AccountCursor?)
    /// The first page is empty: the user has no account (possible only if every one was removed).
    func presentNoAccounts()
}
