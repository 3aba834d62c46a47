import HTTPServer
import Presentation

extension ProblemCode {
    /// The status a problem with this code is answered with: one per code, so a client can
    /// branch on either. `docs/API.md`'s table of codes states the same (`ProblemCodeTableTests`).
    public var status: HTTPStatus {
        switch self {
        case .malformedRequest, .malformedJSON, .invalidPercentEncoding: .badRequest
        case .unauthorized, .invalidCredentials, .invalidRefreshToken: .unauthorized
        case .emailNotVerified: .forbidden
        case .notFound: .notFound
        case .methodNotAllowed: .methodNotAllowed
        case .requestTimeout: .requestTimeout
        case .emailTaken, .alreadyVerified, .invalidTransition, .draftChanged, .idempotencyKeyReused, .idempotencyInFlight, .transferCompleted,
            .transferCancelled, .transferDeclined, .transferExpired:
            .conflict
        case .staleETag: .preconditionFailed
        case .bodyTooLarge: .contentTooLarge
        case .uriTooLong: .uriTooLong
        case .unsupportedMediaType: .unsupportedMediaType
        case .expectationFailed: .expectationFailed
        case .validationFailed, .invalidRange, .reportTooLarge, .draftIncomplete, .currencyMismatch, .insufficientFunds, .sameAccount,
            .recipientNotReachable, .quotaExceeded, .invalidCode, .codeExpired:
            .unprocessableContent
        case .rateLimited, .tooManyStreams: .tooManyRequests
        case .headersTooLarge: .requestHeaderFieldsTooLarge
        case .internalError: .internalServerError
        case .methodNotImplemented, .unsupportedTransferCoding, .notImplemented: .notImplemented
        case .storageUnavailable, .serverBusy, .streamsBusy, .addressAtCapacity, .shuttingDown, .handlerTimeout: .serviceUnavailable
        case .httpVersionNotSupported: .httpVersionNotSupported
        }
    }

    /// Whether a retry of the same request can succeed by itself, soon: the answer then carries
    /// `Retry-After` (1 second unless the scene knows better, as throttling and password
    /// hashing do). Not `handler_timeout`: the work may still take effect, so a blind retry of
    /// a write could act twice (an `Idempotency-Key` makes it safe, and is the client's call).
    public var invitesRetry: Bool {
        switch self {
        case .idempotencyInFlight, .rateLimited, .storageUnavailable, .serverBusy, .streamsBusy, .addressAtCapacity, .shuttingDown: true
        // Listed rather than `default`: a new code is a decision here too.
        case .malformedRequest, .malformedJSON, .invalidPercentEncoding, .unauthorized, .invalidCredentials, .invalidRefreshToken, .notFound,
            .methodNotAllowed, .requestTimeout, .emailTaken, .invalidTransition, .draftChanged, .idempotencyKeyReused, .staleETag,
            .bodyTooLarge, .uriTooLong, .unsupportedMediaType, .expectationFailed, .validationFailed, .invalidRange, .reportTooLarge, .draftIncomplete,
            .currencyMismatch, .insufficientFunds, .sameAccount, .recipientNotReachable, .quotaExceeded, .headersTooLarge, .internalError,
            .methodNotImplemented, .unsupportedTransferCoding, .notImplemented, .handlerTimeout, .httpVersionNotSupported, .alreadyVerified, .invalidCode,
            .codeExpired, .emailNotVerified, .transferCompleted, .transferCancelled, .transferDeclined, .transferExpired, .tooManyStreams:
            false
        }
    }
}
