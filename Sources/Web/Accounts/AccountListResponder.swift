import HTTPServer
import Presentation

/// Writes a page of the account list as JSON.
final class AccountListResponder: SceneResponder, AccountListPresenterOutput {
    func showAccounts(_ list: AccountListViewModel) {
        response = JSONBody.response(.ok, list)
    }
}
