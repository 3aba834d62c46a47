/// The SQL texts `SessionSteps` runs, in one gateway's dialect. Where a decision must hold
/// against concurrent writers, the text carries the dialect's means (PostgreSQL's `FOR UPDATE`
/// on `fetchFamily`; SQLite has one writer).
public struct SessionStatements: Sendable {
    /// Selects `SessionRow.columns` of the session whose `refresh_family` is parameter 1.
    public var fetchFamily: String
    /// Moves a session to its rotated state: parameters `SessionRow.rotationValues`.
    public var rotate: String
    /// Revokes the session whose access token digest is 1 at time 2.
    public var revoke: String
    /// Sets the password hash of user 1 to 3 when it is 2.
    public var updatePasswordHash: String
    /// Revokes the active sessions of user 1 at time 2 but the one of digest 3, returning the
    /// revoked sessions' digests.
    public var revokeAllBut: String

    /// The texts, each as its property describes.
    public init(fetchFamily: String, rotate: String, revoke: String, updatePasswordHash: String, revokeAllBut: String) {
        self.fetchFamily = fetchFamily
        self.rotate = rotate
        self.revoke = revoke
        self.updatePasswordHash = updatePasswordHash
        self.revokeAllBut = revokeAllBut
    }
}
