/// A password set with a reset code: `{detail}`, what to do next.
public struct PasswordResetViewModel: Encodable, Equatable, Sendable {
    public let detail: String

    public init(detail: String) {
        self.detail = detail
    }
}
