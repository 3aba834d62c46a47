import SQLRows

extension SessionStatements {
    /// SQLite's: one writer, so a family read needs no lock.
    public static let sqlite = SessionStatements(familyLock: "")
}
