import Domain
import HTTPServer
import Presentation

/// The `RateLimit-Policy` and `RateLimit` fields of draft-ietf-httpapi-ratelimit-headers (-08
/// and later: structured lists of named policies), on every answer of a rate-limited route, so
/// that a client can pace itself before it is refused:
///
///     RateLimit-Policy: "writes";q=600;w=60
///     RateLimit: "writes";r=599;t=37
///
/// `q` is the quota of a window of `w` seconds, `r` what is left of it and `t` the seconds until
/// the window ends.
enum RateLimitFields {
    static func apply(_ decision: WriteThrottle.Decision, to response: inout HTTPResponse) {
        let name = decision.policy.kind.rawValue
        let window = RetryAfter.seconds(decision.policy.window)
        response.headers.replaceOrAdd(name: "RateLimit-Policy", value: "\"\(name)\";q=\(decision.policy.quota);w=\(window)")
        response.headers.replaceOrAdd(name: "RateLimit", value: "\"\(name)\";r=\(decision.state.remaining);t=\(decision.state.resetSeconds)")
    }

    /// The refusal of a request past its budget: 429 `rate_limited`, `Retry-After` the window's end.
    static func refusal(_ decision: WriteThrottle.Decision, context: RequestContext) -> HTTPResponse {
        let wait = decision.state.resetSeconds
        let problem = context.messages.writesRateLimited(transfers: decision.policy.kind == .transfers, quota: decision.policy.quota, retryAfter: wait)
        var response = JSONBody.problem(problem, requestID: context.requestID, headers: ["Retry-After": "\(wait)"])
        apply(decision, to: &response)
        return response
    }

    /// Which budget a signed-in request draws on: none for reads and for signing out (which must
    /// always work), `transfers` for money movements, `writes` for every other change.
    static func kind(of route: SignedInRoute, method: HTTPMethod) -> WriteThrottle.Kind? {
        guard !method.isSafe else { return nil }
        switch route {
        // Verifying and asking for a code have limits of their own (tries per code, mail per
        // address), and must not be spent by the user's other changes.
        // A stream ticket is capped per session (`LiveEventPolicy.ticketsPerSession`).
        case .sessions, .users(.verify), .users(.sendVerification), .liveEvents: return nil
        case .transfers(.create), .transfers(.submitDraft(_)), .transfers(.cancel(_)), .transfers(.claim(_)), .transfers(.decline(_)): return .transfers
        default: return .writes
        }
    }
}
