/// What listing the user's sessions can lead to.
public protocol SessionListUseCaseOutput: StorageFailureOutput {
    /// The user's active sessions, the most recently used first (the caller's among them).
    func presentSessions(_ sessions: [SessionSummaryPresentationModel])
}
