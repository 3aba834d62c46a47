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
