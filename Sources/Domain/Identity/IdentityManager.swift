import Foundation

/// Who holds which address: self-registration's claims, the mailed codes that prove a mailbox
/// or reset a password, and the notices (events and mail) these write to the outbox, each in
/// the transaction of its change.
public protocol IdentityManager: Sendable {
    /// Stores a self-registered user who claims `user.email` without holding it, with its first
    /// account, its verification code and its notice, all or none.
    func registerClaim(_ user: User, firstAccount: Account, code: OneTimeCode, notice: Notice) throws

    /// How many accounts claim `email` without holding it.
    func claimCount(email: String) throws -> Int

    /// Replaces the user's live code of `code.purpose` and appends `notice`, together.
    func issueCode(_ code: OneTimeCode, notice: Notice) throws

    /// Appends a notice that changes nothing else (someone tried to register with an address).
    func append(_ notice: Notice) throws

    /// Spends a try of the user's live verification code, then, when `digest` matches it, makes
    /// the address the user registered with theirs: held and verified. An unverified holder of
    /// that address (an account from before verification existed) loses it to them. `notice`
    /// is appended with the change. Nothing changes but the spent try unless it matched.
    func verifyEmail(of user: UserID, digest: String, at date: Date, notice: Notice) throws -> CodeCheck

    /// Spends a try of the live reset code of `user`, then, when `digest` matches, sets the new
    /// password hash, marks the address verified (the code reached its mailbox), revokes every
    /// session of the user and appends `notice`, together.
    func resetPassword(of user: UserID, digest: String, newPasswordHash: String, at date: Date, notice: Notice) throws -> CodeCheck

    /// Whether the user has a live code of `purpose` at `date` (unexpired, tries left): checked
    /// before a password is hashed for a reset, so guesses at no code cost no hashing.
    func hasLiveCode(of user: UserID, purpose: OneTimeCodePurpose, at date: Date) throws -> Bool

    /// Deletes at most `limit` accounts that claimed an address before `date` and never
    /// verified it, with everything they own; never one whose accounts hold a ledger row (an
    /// account from before verification existed, whose address another user verified).
    func purgeUnverified(createdBefore date: Date, limit: Int) throws -> Int

    /// Deletes at most `limit` codes expired at `date`.
    func purgeCodes(expiredAt date: Date, limit: Int) throws -> Int
}
