import Foundation

/// What a mailed code proves.
public enum OneTimeCodePurpose: String, Sendable, CaseIterable {
    /// The user holds the mailbox they registered with.
    case verifyEmail = "verify_email"
    /// The holder of the address may set a new password.
    case resetPassword = "reset_password"
}

/// A user's live code for one purpose, as stored: only its digest, until `expiresAt`, with the
/// tries left. A new code of the same purpose replaces it.
public struct OneTimeCode: Equatable, Sendable {
    public var userID: UserID
    public var purpose: OneTimeCodePurpose
    public var digest: String
    public var expiresAt: Date
    public var attemptsLeft: Int
    public var createdAt: Date

    public init(userID: UserID, purpose: OneTimeCodePurpose, digest: String, expiresAt: Date, attemptsLeft: Int, createdAt: Date) {
        self.userID = userID
        self.purpose = purpose
        self.digest = digest
        self.expiresAt = expiresAt
        self.attemptsLeft = attemptsLeft
        self.createdAt = createdAt
    }
}

/// A fresh code and the digest stored for it.
public struct IssuedCode: Equatable, Sendable {
    /// What the message shows and the person types.
    public var code: String
    public var digest: String

    public init(code: String, digest: String) {
        self.code = code
        self.digest = digest
    }
}

/// Makes one-time codes and their digests.
public protocol OneTimeCodeIssuer: Sendable {
    /// A fresh code from the system CSPRNG, with its digest for `user` and `purpose`.
    func issue(for user: UserID, purpose: OneTimeCodePurpose) -> IssuedCode
    /// The digest of a presented code for `user` and `purpose`; nil when it cannot be one of
    /// ours (length, alphabet), so junk never reaches storage.
    func digest(of code: String, for user: UserID, purpose: OneTimeCodePurpose) -> String?
}

/// Comparison whose time does not depend on where two digests first differ.
public enum ConstantTime {
    /// Whether `a` and `b` are the same bytes, looking at every byte of the longer either way.
    public static func equal(_ a: String, _ b: String) -> Bool {
        let left = Array(a.utf8)
        let right = Array(b.utf8)
        var difference: UInt8 = left.count == right.count ? 0 : 1
        for index in 0..<max(left.count, right.count) {
            let x = index < left.count ? left[index] : 0
            let y = index < right.count ? right[index] : 0
            difference |= x ^ y
        }
        return difference == 0
    }
}

/// What presenting a code can meet in storage.
public enum CodeCheck: Equatable, Sendable {
    /// It matched, and the change it allows is stored.
    case accepted(User)
    /// It did not match; the try is spent.
    case mismatched(attemptsLeft: Int)
    /// No live code: never sent, expired, used, or out of tries.
    case noLiveCode
    /// The address is held by another, verified account (a verification only).
    case emailTaken
}
