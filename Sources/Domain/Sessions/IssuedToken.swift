/// A newly issued bearer token: shown once to the client; only its digest is stored.
public struct IssuedToken: Equatable, Sendable {
    public let token: String
    public let digest: String

    public init(token: String, digest: String) {
        self.token = token
        self.digest = digest
    }
}
