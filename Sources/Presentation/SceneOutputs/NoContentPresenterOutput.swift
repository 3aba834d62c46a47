/// What the Responder of a scene that succeeds with nothing to show (a delete, a sign-out) must
/// be able to show: that it is done, or any of the error outcomes every scene can have.
public protocol NoContentPresenterOutput: ProblemPresenterOutput, NotFoundPresenterOutput, ValidationPresenterOutput,
    UnauthorizedPresenterOutput, InternalInconsistencyPresenterOutput
{
    /// The scene succeeded and there is nothing to show.
    func showDone()
}
