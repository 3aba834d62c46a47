/// A request taken in whose outcome is mailed (registration, a new code, a password reset):
/// `{email, detail}`, worded alike whatever the address's state, so it tells nobody whether the
/// address has an account.
public struct AcceptedViewModel: Encodable, Equatable, Sendable {
    /// The address as it was normalized.
    public let email: String
    /// What happens next, in the request's language.
    public let detail: String

    public init(email: String, detail: String) {
        self.email = email
        self.detail = detail
    }
}
