import HTTPServer
import Logging
import Presentation

/// What every scene's Responder shares: the response it builds and the error outcomes every
/// scene can have, each rendered as problem+json with its status.
///
/// Scene Responders subclass it and add their success outcomes.
public class SceneResponder: ProblemPresenterOutput, NotFoundPresenterOutput, ValidationPresenterOutput, UnauthorizedPresenterOutput,
    InternalInconsistencyPresenterOutput, RefusalPresenterOutput
{
    let context: RequestContext
    /// Until a Presenter shows something, the answer is a bare 500: a stack that forgot to
    /// answer is a bug, and it must not look like success.
    public internal(set) var response = HTTPResponse(status: .internalServerError)

    init(context: RequestContext) {
        self.context = context
    }

    public func showMalformedInput(_ problem: ProblemViewModel) { showProblem(problem) }
    public func showNotFound(_ problem: ProblemViewModel) { showProblem(problem) }
    public func showValidationFailures(_ problem: ProblemViewModel) { showProblem(problem) }
    public func showUnauthorized(_ problem: ProblemViewModel) {
        showProblem(problem, headers: ["WWW-Authenticate": #"Bearer realm="viperd""#])
    }
    public func showStorageUnavailable(_ problem: ProblemViewModel) { showProblem(problem) }
    public func showStorageFailure(_ problem: ProblemViewModel) { showProblem(problem) }
    public func showQuotaExceeded(_ problem: ProblemViewModel) { showProblem(problem) }
    public func showNotImplemented(_ problem: ProblemViewModel) { showProblem(problem) }
    public func showRefusal(_ problem: ProblemViewModel) { showProblem(problem) }
    /// A bug, not an expected failure: logged at error level with its reason and the request's
    /// id, so that the 500 the client sees leads the operator to its cause.
    public func showInternalInconsistency(_ problem: ProblemViewModel, reason: String) {
        context.logger.error("internal inconsistency: \(reason)", metadata: ["request_id": "\(context.requestID)"])
        showProblem(problem)
    }
    public func showRateLimited(_ problem: ProblemViewModel, retryAfter: Int) {
        showProblem(problem, headers: ["Retry-After": "\(retryAfter)"])
    }
    public func showServerBusy(_ problem: ProblemViewModel, retryAfter: Int) {
        showProblem(problem, headers: ["Retry-After": "\(retryAfter)"])
    }

    /// The problem at its code's status (`ProblemCode.status`).
    func showProblem(_ problem: ProblemViewModel, headers: HTTPHeaders = HTTPHeaders()) {
        response = JSONBody.problem(problem, requestID: context.requestID, headers: headers)
    }
}
