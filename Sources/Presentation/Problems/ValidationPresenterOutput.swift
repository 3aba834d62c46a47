/// A scene whose input can break business rules (422).
public protocol ValidationPresenterOutput {
    /// Well-formed input that breaks the rules, every failure at once (422).
    func showValidationFailures(_ problem: ProblemViewModel)
}
