import Domain

/// The wording of every problem that is not one scene's own: the refusals any route, the
/// router, the readiness probe and the HTTP server share. Scene-specific problems are worded by
/// their Presenters (`…FailureWording`) from the same catalog.
extension Messages {
    func malformed(_ errors: [FieldErrorViewModel]) -> ProblemViewModel {
        ProblemViewModel(
            code: .malformedRequest, title: text(.malformedTitle),
            detail: errors.map(\.detail).joined(separator: "; "), errors: errors)
    }

    /// 401 `unauthorized`: no token, or one that is not valid.
    public func unauthorized() -> ProblemViewModel {
        ProblemViewModel(code: .unauthorized, title: text(.unauthorizedTitle), detail: text(.unauthorizedDetail))
    }

    /// 503 `storage_unavailable`: a transient storage fault.
    public func unavailable() -> ProblemViewModel {
        ProblemViewModel(code: .storageUnavailable, title: text(.unavailableTitle), detail: text(.unavailableDetail))
    }

    /// 429 `rate_limited`, worded by the scene (`detail` takes `{seconds}`).
    func rateLimited(_ detail: Key, retryAfter: Int) -> ProblemViewModel {
        ProblemViewModel(code: .rateLimited, title: text(.rateLimitedTitle), detail: text(detail, ["seconds": "\(retryAfter)"]))
    }

    /// 429 `rate_limited`: the user's budget of changes (`transfers`: of money movements) per
    /// window is spent; `quota` is the budget per minute.
    public func writesRateLimited(transfers: Bool, quota: Int, retryAfter: Int) -> ProblemViewModel {
        ProblemViewModel(
            code: .rateLimited, title: text(.rateLimitedTitle),
            detail: text(transfers ? .transfersRateLimitedDetail : .writesRateLimitedDetail, ["seconds": "\(retryAfter)", "quota": "\(quota)"]))
    }

    /// 422 `quota_exceeded`: the user holds as many things of the quota's kind as one may.
    public func quotaExceeded(_ quota: QuotaExceeded) -> ProblemViewModel {
        let detail: Key = switch quota.kind {
        case .contacts: .contactsQuotaDetail
        case .accounts: .accountsQuotaDetail
        case .drafts: .draftsQuotaDetail
        case .pendingTransfers: .pendingTransfersQuotaDetail
        }
        return ProblemViewModel(code: .quotaExceeded, title: text(.quotaExceededTitle), detail: text(detail, ["limit": "\(quota.limit)"]))
    }

    /// 503 `server_busy`: the server refused work it had no capacity for, before starting it.
    func serverBusy(retryAfter: Int) -> ProblemViewModel {
        ProblemViewModel(code: .serverBusy, title: text(.unavailableTitle), detail: text(.serverBusyDetail, ["seconds": "\(retryAfter)"]))
    }

    /// 500 `internal_error`, with nothing of the cause.
    public func failure() -> ProblemViewModel {
        ProblemViewModel(code: .internalError, title: text(.failureTitle), detail: text(.failureDetail))
    }

    /// 400 `malformed_request`: a path parameter that is no id (`IDFormat`), every scene's one
    /// wording of it.
    public func invalidID(parameter: String = "id") -> ProblemViewModel {
        malformed([invalidIDError(parameter: parameter)])
    }

    /// The error of a path parameter that is no id, for a scene that reports it with others.
    public func invalidIDError(parameter: String = "id") -> FieldErrorViewModel {
        FieldErrorViewModel(parameter: parameter, code: .invalidID, detail: text(.invalidID))
    }

    /// 404 `not_found`: what the path names does not exist for this client, for a scene with no
    /// wording of its own.
    public func notFound() -> ProblemViewModel {
        ProblemViewModel(code: .notFound, title: text(.notFoundTitle), detail: text(.resourceNotFound))
    }

    /// 429 `too_many_streams`: the user already holds `limit` open streams.
    public func tooManyStreams(limit: Int) -> ProblemViewModel {
        ProblemViewModel(code: .tooManyStreams, title: text(.rateLimitedTitle), detail: text(.tooManyStreamsDetail, ["limit": "\(limit)"]))
    }

    /// 503 `streams_busy`: the server holds as many streams as it may.
    public func streamsBusy(retryAfter: Int) -> ProblemViewModel {
        ProblemViewModel(code: .streamsBusy, title: text(.unavailableTitle), detail: text(.streamsBusyDetail, ["seconds": "\(retryAfter)"]))
    }

    /// 400 `malformed_request`: a `Last-Event-ID` (or `lastEventId`) that is no event id.
    public func invalidLastEventID() -> ProblemViewModel {
        malformed([FieldErrorViewModel(parameter: "lastEventId", code: .invalidValue, detail: text(.invalidLastEventID))])
    }

    /// 501 `not_implemented`: a scaffolded scene whose UseCase is not written yet.
    public func notImplemented() -> ProblemViewModel {
        ProblemViewModel(code: .notImplemented, title: text(.notImplementedTitle), detail: text(.notImplementedDetail))
    }

    /// 400 `malformed_request`: more than one `Authorization` field.
    public func severalAuthorizationFields() -> ProblemViewModel {
        ProblemViewModel(code: .malformedRequest, title: text(.malformedTitle), detail: text(.severalAuthorizationFields))
    }

    /// 404 `not_found` for a path no route serves.
    public func noSuchPath() -> ProblemViewModel {
        ProblemViewModel(code: .notFound, title: text(.notFoundTitle), detail: text(.noSuchPath))
    }

    /// 405 `method_not_allowed`; `allowed` is the `Allow` field's value.
    public func methodNotAllowed(method: String, allowed: String) -> ProblemViewModel {
        ProblemViewModel(
            code: .methodNotAllowed, title: text(.methodNotAllowedTitle),
            detail: text(.methodNotAllowedDetail, ["method": method, "allowed": allowed]))
    }

    /// 415 `unsupported_media_type`: a body that is not JSON by its `Content-Type`.
    public func unsupportedMediaType() -> ProblemViewModel {
        ProblemViewModel(code: .unsupportedMediaType, title: text(.unsupportedMediaTypeTitle), detail: text(.unsupportedMediaTypeDetail))
    }

    /// 400 `malformed_json`: an empty body, or one that does not parse.
    public func malformedJSON(empty: Bool) -> ProblemViewModel {
        let detail = text(empty ? .emptyBody : .invalidJSON)
        return ProblemViewModel(
            code: .malformedJSON, title: text(.malformedJSONTitle), detail: detail,
            errors: [FieldErrorViewModel(pointer: "", code: .malformedJSON, detail: detail)])
    }

    /// 400 `invalid_percent_encoding`: a `%` without two hex digits, in the path or the query.
    public func invalidPercentEncoding(inPath: Bool) -> ProblemViewModel {
        ProblemViewModel(
            code: .invalidPercentEncoding, title: text(.malformedTitle), detail: text(inPath ? .invalidPathEncoding : .invalidQueryEncoding))
    }

    /// 400 `malformed_request` with an `invalid_idempotency_key` error on `header`.
    public func invalidIdempotencyKey(header: String) -> ProblemViewModel {
        malformed([FieldErrorViewModel(parameter: header, code: .invalidIdempotencyKey, detail: text(.invalidIdempotencyKey))])
    }

    /// 409 `idempotency_key_reused`: the key came with another request before.
    public func idempotencyKeyReused() -> ProblemViewModel {
        ProblemViewModel(code: .idempotencyKeyReused, title: text(.conflictTitle), detail: text(.idempotencyKeyReused))
    }

    /// 409 `idempotency_in_flight`: a request with the key is still running.
    public func idempotencyInFlight() -> ProblemViewModel {
        ProblemViewModel(code: .idempotencyInFlight, title: text(.conflictTitle), detail: text(.idempotencyInFlight))
    }

    /// 503 `storage_unavailable` from the readiness probe: the database does not answer.
    public func notReady() -> ProblemViewModel {
        ProblemViewModel(code: .storageUnavailable, title: text(.notReadyTitle), detail: text(.notReadyDetail))
    }

    /// A refusal of the HTTP server itself.
    public func refusal(_ refusal: ServerRefusal) -> ProblemViewModel {
        let (title, detail): (Key, String) =
            switch refusal {
            case .malformed(let rule): (.malformedTitle, text(.httpSyntaxDetail, ["rule": rule]))
            case .uriTooLong: (.uriTooLongTitle, text(.uriTooLongDetail))
            case .headersTooLarge: (.headersTooLargeTitle, text(.headersTooLargeDetail))
            case .bodyTooLarge: (.bodyTooLargeTitle, text(.bodyTooLargeDetail))
            case .httpVersionNotSupported: (.httpVersionTitle, text(.httpVersionDetail))
            case .unsupportedTransferCoding: (.transferCodingTitle, text(.transferCodingDetail))
            case .methodNotImplemented: (.methodNotImplementedTitle, text(.methodNotImplementedDetail))
            case .expectationFailed: (.expectationFailedTitle, text(.expectationFailedDetail))
            case .requestTimeout: (.requestTimeoutTitle, text(.requestTimeoutDetail))
            case .handlerTimeout: (.unavailableTitle, text(.handlerTimeoutDetail))
            case .serverBusy: (.unavailableTitle, text(.serverAtCapacityDetail))
            case .addressAtCapacity: (.unavailableTitle, text(.addressAtCapacityDetail))
            case .shuttingDown: (.unavailableTitle, text(.shuttingDownDetail))
            }
        return ProblemViewModel(code: refusal.code, title: text(title), detail: detail)
    }
}
