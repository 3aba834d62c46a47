/// Every `code` a problem document of this server can carry: the one list clients branch on.
///
/// `docs/API.md` tables each code with its status and meaning, and `openapi.json` lists them in
/// the `Problem` schema's `x-codes`; `ProblemCodeTableTests` fails when the three disagree. A
/// new code is a new case here, a row there and an entry in `x-codes`.
public enum ProblemCode: String, Sendable, CaseIterable, Encodable, CustomStringConvertible {
    // 400
    /// The request is not readable: a malformed parameter, path id, header or HTTP framing.
    case malformedRequest = "malformed_request"
    /// The body is empty or not JSON.
    case malformedJSON = "malformed_json"
    /// A `%` in the path or query is not followed by two hexadecimal digits.
    case invalidPercentEncoding = "invalid_percent_encoding"
    // 401
    /// No valid bearer token.
    case unauthorized
    /// Login with an unknown email or a wrong password.
    case invalidCredentials = "invalid_credentials"
    /// A refresh token that is unknown, expired, revoked or already used.
    case invalidRefreshToken = "invalid_refresh_token"
    // 403
    /// Money sent to an address is seen and claimed only by its verified owner.
    case emailNotVerified = "email_not_verified"
    // 404
    /// No such resource, or not the caller's.
    case notFound = "not_found"
    // 405
    /// A known method the resource does not allow.
    case methodNotAllowed = "method_not_allowed"
    // 408
    /// The header section or the body was not received in time.
    case requestTimeout = "request_timeout"
    // 409
    /// A verification of an address another account has verified first.
    case emailTaken = "email_taken"
    /// Asking for a verification code when the address is verified already.
    case alreadyVerified = "already_verified"
    /// An order that is not placed cannot be cancelled.
    case invalidTransition = "invalid_transition"
    /// A transfer draft changed between reading it and writing a step.
    case draftChanged = "draft_changed"
    /// Resolving a transfer that was completed first (paid at once, or claimed).
    case transferCompleted = "transfer_completed"
    /// Resolving a transfer its sender cancelled first.
    case transferCancelled = "transfer_cancelled"
    /// Resolving a transfer its recipient declined first.
    case transferDeclined = "transfer_declined"
    /// Resolving a transfer that expired first.
    case transferExpired = "transfer_expired"
    /// An `Idempotency-Key` sent again with another request.
    case idempotencyKeyReused = "idempotency_key_reused"
    /// A request with this `Idempotency-Key` is still running.
    case idempotencyInFlight = "idempotency_in_flight"
    // 412
    /// `If-Match` names an older version of the resource.
    case staleETag = "stale_etag"
    // 413
    /// The body is larger than the server accepts.
    case bodyTooLarge = "body_too_large"
    // 414
    /// The request line is longer than the server accepts.
    case uriTooLong = "uri_too_long"
    // 415
    /// A body that is not `application/json`.
    case unsupportedMediaType = "unsupported_media_type"
    // 417
    /// An `Expect` other than `100-continue`.
    case expectationFailed = "expectation_failed"
    // 422
    /// Fields break business rules; `errors` lists each.
    case validationFailed = "validation_failed"
    /// The dates do not make a usable period.
    case invalidRange = "invalid_range"
    /// The report's period holds more transactions than one report covers; a shorter one may fit.
    case reportTooLarge = "report_too_large"
    /// A one-time code (verification, password reset) that is not the live one.
    case invalidCode = "invalid_code"
    /// No live code: expired, used, out of tries or never sent.
    case codeExpired = "code_expired"
    /// A transfer draft submitted before its steps are done.
    case draftIncomplete = "draft_incomplete"
    /// The account's currency does not fit the order or the other account.
    case currencyMismatch = "currency_mismatch"
    /// The account lacks the available funds.
    case insufficientFunds = "insufficient_funds"
    /// A transfer to the account it leaves.
    case sameAccount = "same_account"
    /// A contact no registered user's account in this currency answers to.
    case recipientNotReachable = "recipient_not_reachable"
    /// The user already holds as many of these (contacts, accounts, open drafts) as one may.
    case quotaExceeded = "quota_exceeded"
    // 429
    /// Too many attempts lately; `Retry-After` says when to try again.
    case rateLimited = "rate_limited"
    /// The user holds as many open live-event streams as one may (`--max-streams-per-user`).
    case tooManyStreams = "too_many_streams"
    // 431
    /// A header line, the header section or the number of fields is over the limit.
    case headersTooLarge = "headers_too_large"
    // 500
    /// Something failed on the server's side; the body tells nothing more.
    case internalError = "internal_error"
    // 501
    /// A method the server does not recognize, or CONNECT.
    case methodNotImplemented = "method_not_implemented"
    /// A transfer coding other than `chunked`.
    case unsupportedTransferCoding = "unsupported_transfer_coding"
    /// The route exists but its scene is not written yet: a scaffolded scene
    /// (`Scripts/scaffold/new-scene.py`) answers this until its UseCase is.
    case notImplemented = "not_implemented"
    // 503
    /// Storage is busy, locked, full, read-only or failing: a transient fault.
    case storageUnavailable = "storage_unavailable"
    /// The server has no capacity for this work now (connections, password hashing).
    case serverBusy = "server_busy"
    /// The server holds as many live-event streams as it may (`--max-streams`).
    case streamsBusy = "streams_busy"
    /// Too many connections are open from the client's address.
    case addressAtCapacity = "address_at_capacity"
    /// The server is shutting down and takes no new connection.
    case shuttingDown = "shutting_down"
    /// The handler did not answer within the server's deadline.
    case handlerTimeout = "handler_timeout"
    // 505
    /// A request in an HTTP version other than 1.x.
    case httpVersionNotSupported = "http_version_not_supported"

    /// The code as it is written on the wire.
    public var description: String { rawValue }
}
