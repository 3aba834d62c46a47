import Foundation

/// How long codes and unverified accounts live, and how many tries and resends they get.
public struct IdentityPolicy: Sendable {
    /// 10 minutes (OWASP ASVS 4.0.3 V2.7.2): long enough to switch to a mail app, short enough
    /// that a leaked code is stale.
    public var codeLifetime: TimeInterval
    /// Tries per code; a wrong one spends a try before the comparison.
    public var codeAttempts: Int
    /// Codes mailed per user (or address, for resets) and hour, the first included.
    public var codesPerHour: Int
    /// An account that never verifies is removed after this (7 days), and its claim freed.
    public var unverifiedLifetime: TimeInterval
    /// At most this many unverified accounts claim one address at once; a registration past it
    /// mails nothing and stores nothing (and answers like any other).
    public var maxClaimsPerEmail: Int

    public init(
        codeLifetime: TimeInterval = 10 * 60, codeAttempts: Int = 5, codesPerHour: Int = 5, unverifiedLifetime: TimeInterval = 7 * 24 * 3600,
        maxClaimsPerEmail: Int = 3
    ) {
        self.codeLifetime = codeLifetime
        self.codeAttempts = codeAttempts
        self.codesPerHour = codesPerHour
        self.unverifiedLifetime = unverifiedLifetime
        self.maxClaimsPerEmail = maxClaimsPerEmail
    }
}
