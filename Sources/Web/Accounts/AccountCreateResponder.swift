import HTTPServer
import Presentation

/// Writes a new account: 201 with `Location` from the route value.
final class AccountCreateResponder: SceneResponder, AccountCreatePresenterOutput {
    func showCreated(_ account: AccountViewModel) {
        response = JSONBody.response(.created, account, headers: ["Location": AccountsRoute.show(id: account.id).path])
    }
}
