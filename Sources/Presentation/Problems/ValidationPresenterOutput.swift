/// A scene whose input can break business rules (422).
public protocol ValidationPresenterOutput {
    func showValidationFailures(_ problem: ProblemViewModel)
}
