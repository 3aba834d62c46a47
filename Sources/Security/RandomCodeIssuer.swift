import Domain

/// One-time codes: six decimal digits from the system CSPRNG (easy to read from a message and
/// type on a phone), stored as the SHA-256 of purpose, user and code, so a code is worth nothing
/// for another user or purpose. Six digits suffice because guesses are few: a handful of tries
/// per code, a handful of codes per hour.
public struct RandomCodeIssuer: OneTimeCodeIssuer {
    public static let length = 6

    public init() {}

    public func issue(for user: UserID, purpose: OneTimeCodePurpose) -> IssuedCode {
        var generator = SystemRandomNumberGenerator()
        let code = String((0..<Self.length).map { _ in Character(Unicode.Scalar(UInt8(ascii: "0") + UInt8.random(in: 0...9, using: &generator))) })
        return IssuedCode(code: code, digest: Self.digest(code, user, purpose))
    }

    public func digest(of code: String, for user: UserID, purpose: OneTimeCodePurpose) -> String? {
        let digits = code.utf8
        guard digits.count == Self.length, digits.allSatisfy({ $0 >= UInt8(ascii: "0") && $0 <= UInt8(ascii: "9") }) else { return nil }
        return Self.digest(code, user, purpose)
    }

    private static func digest(_ code: String, _ user: UserID, _ purpose: OneTimeCodePurpose) -> String {
        RandomTokenIssuer.sha256Hex("\(purpose.rawValue):\(user.rawValue):\(code)")
    }
}
