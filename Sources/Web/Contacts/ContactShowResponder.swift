import HTTPServer
import Presentation

/// Writes one contact with its `ETag`.
final class ContactShowResponder: SceneResponder, ContactShowPresenterOutput {
    func showContact(_ contact: ContactViewModel) {
        response = JSONBody.response(.ok, contact, headers: ["ETag": contact.etag])
    }
}
