import Domain

/// Business-rule failures of contacts in the client's words, pointing into the body.
enum ContactFailureWording {
    static func problem(_ failures: [ContactFieldFailure], messages: Messages) -> ProblemViewModel {
        let errors = failures.map { failure in
            switch failure.rule {
            case .nameRequired:
                FieldErrorViewModel(pointer: pointer(failure.field), code: .required, detail: messages.text(.nameRequired))
            case .invalidEmail:
                FieldErrorViewModel(pointer: pointer(failure.field), code: .invalidEmail, detail: messages.text(.invalidEmail))
            case .invisibleCharacters:
                FieldErrorViewModel(pointer: pointer(failure.field), code: .invisibleCharacters, detail: messages.text(.invisibleCharacters))
            case .nonASCIIDomain:
                FieldErrorViewModel(pointer: pointer(failure.field), code: .nonASCIIDomain, detail: messages.text(.nonASCIIDomain))
            }
        }
        return ProblemViewModel(
            code: .validationFailed, title: messages.text(.validationTitle),
            detail: Array(Set(errors.map(\.detail))).sorted().joined(separator: "; "), errors: errors)
    }

    static func pointer(_ field: ContactFieldFailure.Field) -> String {
        switch field {
        case .street, .street2, .city, .province, .postalCode, .country: "/address/\(field.rawValue)"
        default: "/\(field.rawValue)"
        }
    }

    static func notFound(messages: Messages) -> ProblemViewModel {
        ProblemViewModel(code: .notFound, title: messages.text(.notFoundTitle), detail: messages.text(.contactNotFound))
    }
}
