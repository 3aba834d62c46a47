import Domain

/// Converts a password change body and words the outcome. A wrong current password is a field
/// error (422), not a 401: the caller's token is fine, and a client must not take the answer for
/// a signed-out session.
public final class PasswordChangePresenter: PasswordChangeUseCaseOutput, StorageFailurePresenter {
    private let useCase: PasswordChangeUseCase
    private let output: any PasswordChangePresenterOutput
    public let messages: Messages
    public var problemOutput: any ProblemPresenterOutput { output }

    public init(useCase: PasswordChangeUseCase, output: any PasswordChangePresenterOutput, messages: Messages) {
        self.useCase = useCase
        self.output = output
        self.messages = messages
    }

    /// - Parameters: `tokenDigest` the caller's, whose session is kept; `clientAddress` the key
    ///   the login limits count.
    public func eventChange(body: JSONValue, user: UserID, tokenDigest: String, clientAddress: String) {
        var reader = FieldReader(messages: messages)
        guard let object = reader.object(body) else {
            output.showMalformedInput(messages.malformed(reader.errors))
            return
        }
        let maxLength = UserRegisterPresenter.maxPasswordLength
        let current = reader.exactString(object, "currentPassword", pointer: "/currentPassword", maxLength: maxLength)
        let new = reader.exactString(object, "newPassword", pointer: "/newPassword", maxLength: maxLength)
        guard reader.errors.isEmpty else {
            output.showMalformedInput(messages.malformed(reader.errors))
            return
        }
        useCase.eventChange(
            user: user, tokenDigest: tokenDigest, currentPassword: Converted(current).value, newPassword: Converted(new).value,
            clientAddress: clientAddress, language: messages.language.rawValue, output: self)
    }

    public func presentPasswordChanged() { output.showPasswordChanged() }

    public func presentValidationFailures(_ failures: [PasswordChangeFailure]) {
        let errors = failures.map { failure -> FieldErrorViewModel in
            let pointer = "/\(failure.field.rawValue)"
            switch (failure.field, failure.rule) {
            case (.currentPassword, .required): return FieldErrorViewModel(pointer: pointer, code: .required, detail: messages.text(.currentPasswordRequired))
            case (.newPassword, .required): return FieldErrorViewModel(pointer: pointer, code: .required, detail: messages.text(.newPasswordRequired))
            case (_, .wrongPassword): return FieldErrorViewModel(pointer: pointer, code: .wrongPassword, detail: messages.text(.wrongPassword))
            case (_, .weakPassword):
                return FieldErrorViewModel(
                    pointer: pointer, code: .weakPassword,
                    detail: messages.text(.weakPassword, ["min": "\(UserRegisterTransformer.minimumPasswordLength)"]))
            }
        }
        output.showValidationFailures(ProblemViewModel(
            code: .validationFailed, title: messages.text(.validationTitle), detail: errors.map(\.detail).joined(separator: "; "), errors: errors))
    }

    public func presentUnknownUser() { output.showUnauthorized(messages.unauthorized()) }

    public func presentRateLimited(retryAfter: Int) {
        output.showRateLimited(messages.rateLimited(.loginRateLimitedDetail, retryAfter: retryAfter), retryAfter: retryAfter)
    }

    public func presentServerBusy(retryAfter: Int) {
        output.showServerBusy(messages.serverBusy(retryAfter: retryAfter), retryAfter: retryAfter)
    }
}
