/// What the contact list Responder must be able to show.
public protocol ContactListPresenterOutput: ProblemPresenterOutput {
    func showContacts(_ list: ContactListViewModel)
}
