/// A scene that can miss its resource (404).
public protocol NotFoundPresenterOutput {
    /// What the request names does not exist for this client (404).
    func showNotFound(_ problem: ProblemViewModel)
}
