/// A scene that can refuse the caller's credentials (401).
public protocol UnauthorizedPresenterOutput {
    func showUnauthorized(_ problem: ProblemViewModel)
}
