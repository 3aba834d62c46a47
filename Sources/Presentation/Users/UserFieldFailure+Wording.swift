import Domain

extension Messages {
    /// 422 `validation_failed` for the broken rules of registration, verification or a password
    /// reset, each at its field's pointer.
    func userFieldFailures(_ failures: [UserFieldFailure]) -> ProblemViewModel {
        let errors = failures.map { failure -> FieldErrorViewModel in
            let pointer = "/\(failure.field.rawValue)"
            switch (failure.field, failure.rule) {
            case (_, .invisibleCharacters):
                return FieldErrorViewModel(pointer: pointer, code: .invisibleCharacters, detail: text(.invisibleCharacters))
            case (_, .nonASCIIDomain): return FieldErrorViewModel(pointer: pointer, code: .nonASCIIDomain, detail: text(.nonASCIIDomain))
            case (.name, _): return FieldErrorViewModel(pointer: pointer, code: .required, detail: text(.userNameRequired))
            case (.email, .required): return FieldErrorViewModel(pointer: pointer, code: .required, detail: text(.emailRequired))
            case (.email, _): return FieldErrorViewModel(pointer: pointer, code: .invalidEmail, detail: text(.invalidEmail))
            case (.code, _): return FieldErrorViewModel(pointer: pointer, code: .required, detail: text(.codeRequired))
            case (.password, .required): return FieldErrorViewModel(pointer: pointer, code: .required, detail: text(.passwordRequired))
            case (.newPassword, .required): return FieldErrorViewModel(pointer: pointer, code: .required, detail: text(.newPasswordRequired))
            case (.password, _), (.newPassword, _):
                return FieldErrorViewModel(
                    pointer: pointer, code: .weakPassword, detail: text(.weakPassword, ["min": "\(UserRegisterTransformer.minimumPasswordLength)"]))
            }
        }
        return ProblemViewModel(code: .validationFailed, title: text(.validationTitle), detail: errors.map(\.detail).joined(separator: "; "), errors: errors)
    }

    /// 422 `invalid_code` (with the tries left) or `code_expired` (none left, or no live code).
    func codeRefused(attemptsLeft: Int) -> ProblemViewModel {
        attemptsLeft > 0
            ? ProblemViewModel(code: .invalidCode, title: text(.validationTitle), detail: text(.invalidCode, ["left": "\(attemptsLeft)"]))
            : ProblemViewModel(code: .codeExpired, title: text(.validationTitle), detail: text(.codeExpired))
    }
}
