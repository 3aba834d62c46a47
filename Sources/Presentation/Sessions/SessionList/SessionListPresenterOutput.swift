import Domain

/// What the sessions list Responder must be able to show.
public protocol SessionListPresenterOutput: ProblemPresenterOutput {
    /// The user's active sessions (200).
    func showSessions(_ list: SessionListViewModel)
}
