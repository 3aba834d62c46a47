/// Error outcomes every scene can have: bad input formats (400) and storage trouble (503/500).
public protocol ProblemPresenterOutput {
    /// The input is not in the expected format (400).
    func showMalformedInput(_ problem: ProblemViewModel)
    /// Storage is busy for now; the client may retry (503).
    func showStorageUnavailable(_ problem: ProblemViewModel)
    /// Storage failed for good (500).
    func showStorageFailure(_ problem: ProblemViewModel)
    /// The user holds as many of these as one may; nothing was stored (422).
    func showQuotaExceeded(_ problem: ProblemViewModel)
    /// The scene is routed but not written yet (501): a scaffolded scene.
    func showNotImplemented(_ problem: ProblemViewModel)
}
