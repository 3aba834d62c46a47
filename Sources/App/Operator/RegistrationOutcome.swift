import Domain

/// An operator registration's failure, worded for a terminal.
enum RegistrationOutcome {
    static func failure(_ error: any Error) -> AccountAdministration.Failure {
        switch error {
        case OperatorRegistration.Failure.invalid(let failures):
            let reasons = failures.map { failure in
                switch failure.rule {
                case .required: "\(failure.field.rawValue) is required"
                case .invalidEmail: "the email is not a valid address"
                case .invisibleCharacters: "the \(failure.field.rawValue) holds invisible or text-direction characters"
                case .nonASCIIDomain: "the email's domain must be ASCII (an internationalized domain in its xn-- form)"
                case .weakPassword: "the password must have at least \(UserRegisterTransformer.minimumPasswordLength) characters"
                }
            }
            return .init(description: reasons.joined(separator: "; "))
        case OperatorRegistration.Failure.emailTaken: return .init(description: "a user with this email already exists")
        case GatewayError.unavailable: return .init(description: "the database is busy; try again")
        default: return .init(description: "the database failed; see the log (\(error))")
        }
    }
}
