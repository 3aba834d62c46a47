extension Messages {
    func malformed(_ errors: [FieldErrorViewModel]) -> ProblemViewModel {
        ProblemViewModel(
            code: "malformed_request", title: text(.malformedTitle),
            detail: errors.map(\.detail).joined(separator: "; "), errors: errors)
    }

    func unauthorized() -> ProblemViewModel {
        ProblemViewModel(code: "unauthorized", title: text(.unauthorizedTitle), detail: text(.unauthorizedDetail))
    }

    func unavailable() -> ProblemViewModel {
        ProblemViewModel(code: "storage_unavailable", title: text(.unavailableTitle), detail: text(.unavailableDetail))
    }

    /// 429 `rate_limited`, worded by the scene (`detail` takes `{seconds}`).
    func throttled(_ detail: Key, retryAfter: Int) -> ProblemViewModel {
        ProblemViewModel(code: "rate_limited", title: text(.throttledTitle), detail: text(detail, ["seconds": "\(retryAfter)"]))
    }

    /// 503 `server_busy`: the server refused work it had no capacity for, before starting it.
    func serverBusy(retryAfter: Int) -> ProblemViewModel {
        ProblemViewModel(code: "server_busy", title: text(.unavailableTitle), detail: text(.serverBusyDetail, ["seconds": "\(retryAfter)"]))
    }

    func failure() -> ProblemViewModel {
        ProblemViewModel(code: "internal_error", title: text(.failureTitle), detail: text(.failureDetail))
    }
}
