import SQLRows

extension SessionStatements {
    /// PostgreSQL's: the family a rotation reads is locked until it commits, so two refreshes
    /// of one family, from any instances, decide one after the other.
    public static let postgres = SessionStatements(familyLock: " FOR UPDATE")
}
