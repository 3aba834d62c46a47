import HTTPServer
import Logging
import Presentation

/// What every scene's Responder shares: the response it builds and the error outcomes every
/// scene can have, each rendered as problem+json with its status.
///
/// Scene Responders subclass it and add their success outcomes.
public class SceneResponder: ProblemPresenterOutput, NotFoundPresenterOutput, ValidationPresenterOutput, UnauthorizedPresenterOutput,
    InternalInconsistencyPresenterOutput
{
    let context: RequestContext
    /// Until a Presenter shows something, the answer is a bare 500: a stack that forgot to
    /// answer is a bug, and it must not look like success.
    public internal(set) var response = HTTPResponse(status: .internalServerError)

    init(context: RequestContext) {
        self.context = context
    }

    public func showMalformedInput(_ problem: ProblemViewModel) { showProblem(problem, status: 400) }
    public func showNotFound(_ problem: ProblemViewModel) { showProblem(problem, status: 404) }
    public func showValidationFailures(_ problem: ProblemViewModel) { showProblem(problem, status: 422) }
    public func showUnauthorized(_ problem: ProblemViewModel) {
        showProblem(problem, status: 401, headers: ["WWW-Authenticate": #"Bearer realm="viperd""#])
    }
    public func showStorageUnavailable(_ problem: ProblemViewModel) { showProblem(problem, status: 503, headers: ["Retry-After": "1"]) }
    public func showStorageFailure(_ problem: ProblemViewModel) { showProblem(problem, status: 500) }
    /// A bug, not an expected failure: logged at error level with its reason and the request's
    /// id, so that the 500 the client sees leads the operator to its cause.
    public func showInternalInconsistency(_ problem: ProblemViewModel, reason: String) {
        context.logger.error("internal inconsistency: \(reason)", metadata: ["request_id": "\(context.requestID)"])
        showProblem(problem, status: 500)
    }
    public func showThrottled(_ problem: ProblemViewModel, retryAfter: Int) {
        showProblem(problem, status: 429, headers: ["Retry-After": "\(retryAfter)"])
    }
    public func showServerBusy(_ problem: ProblemViewModel, retryAfter: Int) {
        showProblem(problem, status: 503, headers: ["Retry-After": "\(retryAfter)"])
    }

    func showProblem(_ problem: ProblemViewModel, status: Int, headers: HTTPHeaders = HTTPHeaders()) {
        response = JSONBody.problem(
            ProblemDetails(
                status: status, code: problem.code, title: problem.title, detail: problem.detail,
                errors: problem.errors.isEmpty ? nil : problem.errors, requestId: context.requestID),
            headers: headers)
    }
}
