import Domain
import Testing

/// Fails the test when a one-time code is made or checked.
public struct RefusingCodeIssuer: OneTimeCodeIssuer {
    public init() {}

    public func issue(for user: UserID, purpose: OneTimeCodePurpose) -> IssuedCode {
        Issue.record("a one-time code was issued")
        return IssuedCode(code: "", digest: "")
    }

    public func digest(of code: String, for user: UserID, purpose: OneTimeCodePurpose) -> String? {
        Issue.record("a one-time code was checked")
        return nil
    }
}
