import HTTPServer
import Presentation

/// Writes a registration: 202, alike for a free and a held address (the outcome is mailed), never
/// stored by a cache (its request carried a password);
/// 429 and 503 with `Retry-After` come from `SceneResponder`.
final class UserRegisterResponder: SceneResponder, UserRegisterPresenterOutput {
    func showAccepted(_ accepted: AcceptedViewModel) {
        response = JSONBody.response(.accepted, accepted, headers: ["Cache-Control": "no-store"])
    }
}
