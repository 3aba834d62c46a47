import HTTPServer
import Presentation

/// Writes one account.
final class AccountShowResponder: SceneResponder, AccountShowPresenterOutput {
    func showAccount(_ account: AccountViewModel) {
        response = JSONBody.response(.ok, account)
    }
}
