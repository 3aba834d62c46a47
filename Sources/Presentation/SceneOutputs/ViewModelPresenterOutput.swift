/// What the Responder of a scene with one success outcome, one ViewModel, must be able to show:
/// that ViewModel, or any of the error outcomes every scene can have.
///
/// Most scenes are of this kind, so they share this one output, and the Web layer one generic
/// Responder, instead of a protocol and a class each that differ only in a name. A scene with a
/// second outcome of its own (a conflict that shows the current state, a password-hashing
/// refusal) keeps a dedicated output protocol and Responder.
public protocol ViewModelPresenterOutput<ViewModel>: ProblemPresenterOutput, NotFoundPresenterOutput, ValidationPresenterOutput,
    UnauthorizedPresenterOutput, InternalInconsistencyPresenterOutput, RefusalPresenterOutput
{
    /// What the scene shows on success.
    associatedtype ViewModel
    /// The scene succeeded: show `viewModel`.
    func show(_ viewModel: ViewModel)
}
