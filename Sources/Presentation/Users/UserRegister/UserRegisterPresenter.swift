import Domain

/// Converts a registration body and words the outcome.
public final class UserRegisterPresenter: UserRegisterUseCaseOutput, StorageFailurePresenter {
    /// Longer passwords only feed the KDF work; nobody types 1,024 characters.
    public static let maxPasswordLength = 1024

    private let useCase: UserRegisterUseCase
    private let output: any UserRegisterPresenterOutput
    public let messages: Messages
    public var problemOutput: any ProblemPresenterOutput { output }

    public init(useCase: UserRegisterUseCase, output: any UserRegisterPresenterOutput, messages: Messages) {
        self.useCase = useCase
        self.output = output
        self.messages = messages
    }

    /// - Parameter clientAddress: the address the registration counts against.
    public func eventRegister(body: JSONValue, clientAddress: String) {
        var reader = FieldReader(messages: messages)
        guard let object = reader.object(body) else {
            output.showMalformedInput(messages.malformed(reader.errors))
            return
        }
        let name = reader.string(object, "name", pointer: "/name", maxLength: 100)
        let email = reader.string(object, "email", pointer: "/email", maxLength: 254)
        let password = reader.exactString(object, "password", pointer: "/password", maxLength: Self.maxPasswordLength)
        guard reader.errors.isEmpty else {
            output.showMalformedInput(messages.malformed(reader.errors))
            return
        }
        useCase.eventRegister(
            name: Converted(name).value, email: Converted(email).value, password: Converted(password).value, clientAddress: clientAddress, output: self)
    }

    public func presentRegistered(_ user: UserPresentationModel, session: SessionPresentationModel) {
        output.showRegistered(RegistrationViewModel(user: user, session: session))
    }

    public func presentValidationFailures(_ failures: [UserFieldFailure]) {
        let errors = failures.map { failure -> FieldErrorViewModel in
            let pointer = "/\(failure.field.rawValue)"
            switch (failure.field, failure.rule) {
            case (_, .invisibleCharacters):
                return FieldErrorViewModel(pointer: pointer, code: .invisibleCharacters, detail: messages.text(.invisibleCharacters))
            case (_, .nonASCIIDomain): return FieldErrorViewModel(pointer: pointer, code: .nonASCIIDomain, detail: messages.text(.nonASCIIDomain))
            case (.name, _): return FieldErrorViewModel(pointer: pointer, code: .required, detail: messages.text(.userNameRequired))
            case (.email, .required): return FieldErrorViewModel(pointer: pointer, code: .required, detail: messages.text(.emailRequired))
            case (.email, _): return FieldErrorViewModel(pointer: pointer, code: .invalidEmail, detail: messages.text(.invalidEmail))
            case (.password, .required): return FieldErrorViewModel(pointer: pointer, code: .required, detail: messages.text(.passwordRequired))
            case (.password, _):
                return FieldErrorViewModel(
                    pointer: pointer, code: .weakPassword,
                    detail: messages.text(.weakPassword, ["min": "\(UserRegisterTransformer.minimumPasswordLength)"]))
            }
        }
        output.showValidationFailures(ProblemViewModel(
            code: .validationFailed, title: messages.text(.validationTitle), detail: errors.map(\.detail).joined(separator: "; "), errors: errors))
    }

    public func presentEmailTaken() {
        output.showEmailTaken(ProblemViewModel(code: .emailTaken, title: messages.text(.conflictTitle), detail: messages.text(.emailTaken)))
    }

    public func presentThrottled(retryAfter: Int) {
        output.showThrottled(messages.throttled(.registrationThrottledDetail, retryAfter: retryAfter), retryAfter: retryAfter)
    }

    public func presentHashingBusy(retryAfter: Int) {
        output.showServerBusy(messages.serverBusy(retryAfter: retryAfter), retryAfter: retryAfter)
    }
}
