/// Error outcomes every scene can have: bad input formats (400) and storage trouble (503/500).
public protocol ProblemPresenterOutput {
    func showMalformedInput(_ problem: ProblemViewModel)
    func showStorageUnavailable(_ problem: ProblemViewModel)
    func showStorageFailure(_ problem: ProblemViewModel)
}

/// A scene that can miss its resource (404).
public protocol NotFoundPresenterOutput {
    func showNotFound(_ problem: ProblemViewModel)
}

/// A scene that can refuse the caller's credentials (401).
public protocol UnauthorizedPresenterOutput {
    func showUnauthorized(_ problem: ProblemViewModel)
}

/// A scene whose input can break business rules (422).
public protocol ValidationPresenterOutput {
    func showValidationFailures(_ problem: ProblemViewModel)
}

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

    func failure() -> ProblemViewModel {
        ProblemViewModel(code: "internal_error", title: text(.failureTitle), detail: text(.failureDetail))
    }
}
