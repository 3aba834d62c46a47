/// What a Responder must do with a use case's "cannot happen" outcome.
public protocol InternalInconsistencyPresenterOutput {
    /// Answers `problem` as any server error does (500), and logs `reason` loudly for the
    /// operator: the client is told nothing about the server's internals.
    func showInternalInconsistency(_ problem: ProblemViewModel, reason: String)
}
