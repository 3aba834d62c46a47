/// What listing contacts can lead to.
public protocol ContactListUseCaseOutput: StorageFailureOutput {
    /// A page of contacts; `next` is where the following page starts, nil on the last page.
    func presentContacts(_ contacts: [ContactSummaryPresentationModel], next: ContactCursor?)
    /// The first page is empty: the address book (or the search) has nothing.
    func presentNoContacts()
}
