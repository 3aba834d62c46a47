import HTTPServer
import Presentation

/// Writes a created contact: 201, `Location` from the route value, `ETag`.
final class ContactCreateResponder: SceneResponder, ContactCreatePresenterOutput {
    func showCreated(_ contact: ContactViewModel) {
        let location = ContactsRoute.show(id: contact.id).path
        response = JSONBody.response(.created, contact, headers: ["Location": location, "ETag": contact.etag])
    }
}
