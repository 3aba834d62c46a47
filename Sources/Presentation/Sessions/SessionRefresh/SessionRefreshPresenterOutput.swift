import Domain

/// What the refresh Responder must be able to show.
public protocol SessionRefreshPresenterOutput: ProblemPresenterOutput, UnauthorizedPresenterOutput {
    /// The new access and refresh tokens (200).
    func showRefreshed(_ session: SessionViewModel)
}
