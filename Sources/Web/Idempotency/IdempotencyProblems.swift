import Domain
import HTTPServer
import Presentation

/// The refusals of `IdempotentExecution`, worded in the client's language like every scene's.
enum IdempotencyProblems {
    static func invalidKey(context: RequestContext) -> HTTPResponse {
        let messages = context.messages
        let detail = messages.text(.invalidIdempotencyKey)
        return JSONBody.problem(ProblemDetails(
            status: 400, code: "malformed_request", title: messages.text(.malformedTitle), detail: detail,
            errors: [FieldErrorViewModel(parameter: IdempotentExecution.header, code: "invalid_idempotency_key", detail: detail)],
            requestId: context.requestID))
    }

    static func keyReused(context: RequestContext) -> HTTPResponse {
        let messages = context.messages
        return JSONBody.problem(ProblemDetails(
            status: 409, code: "idempotency_key_reused", title: messages.text(.conflictTitle), detail: messages.text(.idempotencyKeyReused),
            requestId: context.requestID))
    }

    static func inFlight(context: RequestContext) -> HTTPResponse {
        let messages = context.messages
        return JSONBody.problem(
            ProblemDetails(
                status: 409, code: "idempotency_in_flight", title: messages.text(.conflictTitle), detail: messages.text(.idempotencyInFlight),
                requestId: context.requestID),
            headers: ["Retry-After": "1"])
    }

    /// Storage trouble while reserving: nothing ran, so the client may simply retry.
    static func storage(_ error: any Error, context: RequestContext) -> HTTPResponse {
        let messages = context.messages
        if case GatewayError.unavailable = error {
            return JSONBody.problem(
                ProblemDetails(
                    status: 503, code: "storage_unavailable", title: messages.text(.unavailableTitle), detail: messages.text(.unavailableDetail),
                    requestId: context.requestID),
                headers: ["Retry-After": "1"])
        }
        return JSONBody.problem(ProblemDetails(
            status: 500, code: "internal_error", title: messages.text(.failureTitle), detail: messages.text(.failureDetail),
            requestId: context.requestID))
    }
}
