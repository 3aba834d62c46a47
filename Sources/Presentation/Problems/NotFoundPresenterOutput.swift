/// A scene that can miss its resource (404).
public protocol NotFoundPresenterOutput {
    func showNotFound(_ problem: ProblemViewModel)
}
