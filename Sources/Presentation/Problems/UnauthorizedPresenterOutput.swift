/// A scene that can refuse the caller's credentials (401).
public protocol UnauthorizedPresenterOutput {
    /// The token or the credentials are missing or wrong (401).
    func showUnauthorized(_ problem: ProblemViewModel)
}
