import Domain

/// Account and report failures in the client's words.
enum AccountFailureWording {
    static func notFound(messages: Messages) -> ProblemViewModel {
        ProblemViewModel(code: .notFound, title: messages.text(.notFoundTitle), detail: messages.text(.accountNotFound))
    }

    static func problem(_ failures: [AccountFieldFailure], messages: Messages) -> ProblemViewModel {
        let errors = failures.map { failure in
            switch (failure.field, failure.rule) {
            case (.name, .required), (.name, .unknownCurrency):
                FieldErrorViewModel(pointer: "/name", code: .required, detail: messages.text(.userNameRequired))
            case (.name, .tooLong):
                FieldErrorViewModel(pointer: "/name", code: .tooLong, detail: messages.text(.tooLong, ["max": "\(AccountPolicy.maximumNameLength)"]))
            case (.currency, .required), (.currency, .tooLong):
                FieldErrorViewModel(pointer: "/currency", code: .required, detail: messages.text(.currencyRequired))
            case (.currency, .unknownCurrency):
                FieldErrorViewModel(pointer: "/currency", code: .unknownCurrency, detail: messages.text(.unknownCurrency))
            case (let field, .invisibleCharacters):
                FieldErrorViewModel(pointer: "/\(field.rawValue)", code: .invisibleCharacters, detail: messages.text(.invisibleCharacters))
            }
        }
        return ProblemViewModel(
            code: .validationFailed, title: messages.text(.validationTitle), detail: errors.map(\.detail).joined(separator: "; "), errors: errors)
    }

    /// 422: the dates are well formed but do not make a usable period.
    static func invalidRange(_ failure: DateRangeFailure, messages: Messages) -> ProblemViewModel {
        let error: FieldErrorViewModel
        switch failure {
        case .fromAfterTo:
            error = FieldErrorViewModel(parameter: "from", code: .fromAfterTo, detail: messages.text(.fromAfterTo))
        case .tooLong(let maximumDays):
            error = FieldErrorViewModel(parameter: "from", code: .rangeTooLong, detail: messages.text(.rangeTooLong, ["max": "\(maximumDays)"]))
        }
        return ProblemViewModel(code: .invalidRange, title: messages.text(.validationTitle), detail: error.detail, errors: [error])
    }

    /// 422: the period holds more transactions than one report covers; a shorter one may fit.
    static func reportTooLarge(maximumRows: Int, messages: Messages) -> ProblemViewModel {
        ProblemViewModel(
            code: .reportTooLarge, title: messages.text(.reportTooLargeTitle),
            detail: messages.text(.reportTooLarge, ["max": "\(maximumRows)"]))
    }
}
