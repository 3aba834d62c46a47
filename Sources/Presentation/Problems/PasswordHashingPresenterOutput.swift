import Domain

/// What a Responder of a scene that hashes a password (log in, register) must be able to show
/// besides its own outcomes.
public protocol PasswordHashingPresenterOutput {
    /// Too many attempts lately (429), with the wait in whole seconds.
    func showRateLimited(_ problem: ProblemViewModel, retryAfter: Int)
    /// Every hashing slot is taken (503 `server_busy`), with the wait in whole seconds.
    func showServerBusy(_ problem: ProblemViewModel, retryAfter: Int)
}
