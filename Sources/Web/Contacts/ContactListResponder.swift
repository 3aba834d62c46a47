import HTTPServer
import Presentation

/// Writes a page of the contact list as JSON.
final class ContactListResponder: SceneResponder, ContactListPresenterOutput {
    func showContacts(_ list: ContactListViewModel) {
        response = JSONBody.response(.ok, list)
    }
}
