/// What the contact list Responder must be able to show.
public protocol ContactListPresenterOutput: ProblemPresenterOutput {
    /// A page of the user's contacts.
    func showContacts(_ list: ContactListViewModel)
}
