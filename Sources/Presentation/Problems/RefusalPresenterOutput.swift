/// A scene whose request was understood and refused by the state of things (403, 409): nothing
/// changed. The problem's code decides the status.
public protocol RefusalPresenterOutput {
    /// Show `problem` as the answer.
    func showRefusal(_ problem: ProblemViewModel)
}
