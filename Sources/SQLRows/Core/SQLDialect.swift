/// What one engine says differently in the managers written once over `SQLDatabase`, declared
/// once per engine by its database (`SQLDatabase.dialect`). Everything else is the same text.
public struct SQLDialect: Sendable {
    /// What ends a read whose rows must stay locked until the write commits: `" FOR UPDATE"`
    /// where writers run side by side (PostgreSQL), nothing on SQLite's one writer.
    public let rowLock: String
    /// What ends the selection of the mail a lease takes: PostgreSQL's `" FOR UPDATE SKIP
    /// LOCKED"`, so two instances never take one message; nothing on SQLite.
    public let leaseLock: String
    /// Begins a read-only transaction whose statements all see one snapshot: SQLite's `BEGIN`
    /// (a WAL reader keeps the snapshot of its first read), PostgreSQL's `REPEATABLE READ`
    /// (`READ COMMITTED` would take one per statement).
    public let beginSnapshot: String
    /// Whether a `WITH` may hold an `UPDATE … RETURNING` whose rows the statement reads
    /// (PostgreSQL's data-modifying CTE): the outbox then takes a position and inserts its event in
    /// one statement a write need not wait on (`OutboxSteps.appendEvent`). SQLite's `WITH` holds
    /// selects only, so it runs the two statements.
    public let updatesInWith: Bool
    /// Whether an error is this engine's unique violation of `users.email` (any other
    /// constraint, such as a first account the CHECKs refuse, is a fault, not a taken email).
    public let isEmailTaken: @Sendable (any Error) -> Bool

    /// A dialect as each property says.
    public init(
        rowLock: String, leaseLock: String, beginSnapshot: String, updatesInWith: Bool, isEmailTaken: @escaping @Sendable (any Error) -> Bool
    ) {
        self.rowLock = rowLock
        self.leaseLock = leaseLock
        self.beginSnapshot = beginSnapshot
        self.updatesInWith = updatesInWith
        self.isEmailTaken = isEmailTaken
    }

    /// Whether decisions must lock their rows first (owners before a quota's count, accounts
    /// before a balance is read): writers run side by side.
    public var locksRows: Bool { !rowLock.isEmpty }
}
