import Domain
import Foundation
import SQLiteGateway
import Security

/// The registration use case's output for a terminal: the outcome as a result.
final class RegistrationOutcome: UserRegisterUseCaseOutput {
    var result: Result<String, AccountAdministration.Failure> = .failure(.init(description: "registration did not answer"))

    func presentRegistered(_ user: UserPresentationModel, session: SessionPresentationModel) { result = .success(user.id.rawValue) }

    func presentValidationFailures(_ failures: [UserFieldFailure]) {
        let reasons = failures.map { failure in
            switch failure.rule {
            case .required: "\(failure.field.rawValue) is required"
            case .invalidEmail: "the email is not a valid address"
            case .invisibleCharacters: "the \(failure.field.rawValue) holds invisible or text-direction characters"
            case .nonASCIIDomain: "the email's domain must be ASCII (an internationalized domain in its xn-- form)"
            case .weakPassword: "the password must have at least \(UserRegisterTransformer.minimumPasswordLength) characters"
            }
        }
        result = .failure(.init(description: reasons.joined(separator: "; ")))
    }

    func presentEmailTaken() { result = .failure(.init(description: "a user with this email already exists")) }
    func presentStorageUnavailable() { result = .failure(.init(description: "the database is busy; try again")) }
    func presentStorageFailure() { result = .failure(.init(description: "the database failed; see the log")) }
    // Operators' registrations have no throttle and an unbounded hasher: neither can happen.
    func presentThrottled(retryAfter: Int) { result = .failure(.init(description: "registration throttled; try again in \(retryAfter) s")) }
    func presentHashingBusy(retryAfter: Int) { result = .failure(.init(description: "password hashing busy; try again in \(retryAfter) s")) }
}
