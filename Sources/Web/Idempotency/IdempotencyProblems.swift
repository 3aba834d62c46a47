import Domain
import HTTPServer
import Presentation

/// The refusals of `IdempotentExecution`, worded in the client's language like every scene's.
enum IdempotencyProblems {
    static func invalidKey(context: RequestContext) -> HTTPResponse {
        JSONBody.problem(context.messages.invalidIdempotencyKey(header: IdempotentExecution.header), requestID: context.requestID)
    }

    static func keyReused(context: RequestContext) -> HTTPResponse {
        JSONBody.problem(context.messages.idempotencyKeyReused(), requestID: context.requestID)
    }

    /// 409 with `Retry-After`: the first request will soon have an answer to replay.
    static func inFlight(context: RequestContext) -> HTTPResponse {
        JSONBody.problem(context.messages.idempotencyInFlight(), requestID: context.requestID)
    }

    /// Storage trouble while reserving: nothing ran, so the client may simply retry.
    static func storage(_ error: any Error, context: RequestContext) -> HTTPResponse {
        let messages = context.messages
        if case GatewayError.unavailable = error {
            return JSONBody.problem(messages.unavailable(), requestID: context.requestID)
        }
        return JSONBody.problem(messages.failure(), requestID: context.requestID)
    }
}
