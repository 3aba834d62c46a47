import Domain

/// One connection of either SQL gateway, running a statement given by its text.
public protocol SQLConnection {
    /// The row a `rows` map reads.
    associatedtype Row: SQLRow

    /// Runs `sql` with `values` bound to its parameters and returns the rows it changed.
    @discardableResult
    func run(_ sql: String, _ values: [SQLValue]) throws -> Int

    /// Runs `sql` where the write does not wait on its result: a gateway may send it together
    /// with the next statement whose rows are read, or with the commit; an error it raises is
    /// thrown then, and fails the write like any other. For statements no decision reads (an
    /// insert, a lock taken in order), never for one whose count or rows the caller checks.
    func enqueue(_ sql: String, _ values: [SQLValue]) throws

    /// `enqueue` for a conditional statement, one that changes at least `rows` rows when the
    /// write may go on and none when it must not (the decision made in SQL, as
    /// `SQLColumnText.insert(into:_:where:)` makes it), so the write need not read first. When it
    /// changes fewer, the write fails with `refusal` and keeps nothing: every statement queued
    /// after it must be conditional on it too. A gateway may learn the count only at the commit.
    func enqueue(_ sql: String, _ values: [SQLValue], expectingRows rows: Int, otherwise refusal: any Error) throws

    /// Runs `sql` with `values` bound to its parameters and maps every row it returns.
    func rows<T>(_ sql: String, _ values: [SQLValue], _ map: (Row) throws -> T) throws -> [T]

    /// Runs `sql`, a statement without parameters or rows (`BEGIN`, `COMMIT`).
    func execute(_ sql: String) throws

    /// What the engine of this connection's database says differently (`SQLDatabase.dialect`),
    /// for the steps written once that are handed a connection alone (`OutboxSteps`).
    static var dialect: SQLDialect { get }

    /// The write under way appended an event to `user`'s outbox, or ended one of their
    /// sessions: the database tells its `outboxSignal` once the write's transaction has ended, so
    /// the user's live streams read again (and close when their session is gone).
    func wakeLiveStreams(of user: UserID)
}

/// Either SQL gateway's database: a connection lent for a read, or for a write transaction that
/// commits when `body` returns and keeps nothing when it throws. How the write stays atomic (one
/// writer and group commit, or row locks and retries) is the database's own.
public protocol SQLDatabase: Sendable {
    /// The connection `read` and `write` lend.
    associatedtype Connection: SQLConnection

    /// What this engine says differently in the managers written once.
    static var dialect: SQLDialect { get }

    /// Whether the database answers now (readiness).
    func isAvailable() -> Bool

    /// Hears, after each commit, whose outboxes the committed writes appended to.
    var outboxSignal: OutboxSignal { get }

    /// Runs `body` on a connection outside any write transaction.
    func read<T>(_ body: (Connection) throws -> T) throws -> T

    /// Runs `body` inside one write transaction and returns once it is committed.
    @discardableResult
    func write<T>(_ body: (Connection) throws -> T) throws -> T

    /// `write`, for a body that locks no rows but those of `locks` (and takes them in their
    /// order), besides, last, its own idempotency record (a transfer's key, which no other
    /// writer of the group holds): the database may run it in a transaction shared with other
    /// such writes, each in a savepoint of its own, the union of their locks taken first
    /// (PostgreSQL's group commit).
    @discardableResult
    func write<T>(locking locks: RowLocks, _ body: (Connection) throws -> T) throws -> T

    /// Runs one statement in its own write transaction and returns the rows it changed;
    /// failures come out as `GatewayError`. A database may send it with its `BEGIN` and `COMMIT`
    /// in one round trip (PostgreSQL). `waitsForFlush` false: the call may return before its
    /// commit is on disk, which the next commit that waits for a flush then takes along (a
    /// PostgreSQL asynchronous commit), for a statement whose loss in a crash is harmless until
    /// a later durable write depends on it; SQLite commits as it is configured either way.
    @discardableResult
    func change(_ sql: String, _ values: [SQLValue], waitsForFlush: Bool) throws(GatewayError) -> Int

    /// A connection of the caller's own inside one read transaction held across calls (a
    /// report's pages), counted against the database's snapshot slots (`SnapshotSlots`) for
    /// `owner`; none free is `GatewayError.unavailable`. The caller ends it soon with
    /// `closeSnapshot`.
    func openSnapshot(for owner: UserID) throws(GatewayError) -> Connection

    /// Ends what `openSnapshot` began and gives back its slot.
    func closeSnapshot(_ connection: Connection, for owner: UserID)
}

/// The one-statement reads and writes that make up most managers' methods, the same on both
/// gateways apart from the SQL text each passes. Failures come out as `GatewayError`, as every
/// Manager protocol promises. `@inlinable`, so each gateway calls them specialized to its own
/// database and row.
extension SQLDatabase {
    /// The rows of one query, each mapped with `map`.
    @inlinable
    public func rows<T>(_ sql: String, _ values: [SQLValue], _ map: (Connection.Row) throws -> T) throws(GatewayError) -> [T] {
        try GatewayError.mapping { try read { connection in try connection.rows(sql, values, map) } }
    }

    /// The first row of one query mapped with `map`, or nil when it returns none.
    @inlinable
    public func first<T>(_ sql: String, _ values: [SQLValue], _ map: (Connection.Row) throws -> T) throws(GatewayError) -> T? {
        try rows(sql, values, map).first
    }

    /// Runs `body` on a connection inside one read-only transaction begun as the dialect says
    /// (`SQLDialect.beginSnapshot`), so every statement it runs sees the database as of the
    /// first (an order and its lines, never split by a write).
    @inlinable
    public func readSnapshot<T>(_ body: (Connection) throws -> T) throws -> T {
        try read { connection in
            try connection.execute(Self.dialect.beginSnapshot)
            defer { _ = try? connection.execute("COMMIT") }
            return try body(connection)
        }
    }

    /// A database whose writes never run side by side (SQLite's one writer, which groups every
    /// write already) needs no declared locks: the write as any other.
    @inlinable
    @discardableResult
    public func write<T>(locking locks: RowLocks, _ body: (Connection) throws -> T) throws -> T {
        try write(body)
    }

    /// Runs one statement in its own write transaction; the rows it changed.
    @inlinable
    @discardableResult
    public func change(_ sql: String, _ values: [SQLValue], waitsForFlush: Bool) throws(GatewayError) -> Int {
        try GatewayError.mapping { try write { connection in try connection.run(sql, values) } }
    }

    /// Runs one statement in its own write transaction, durable when the call returns; the rows
    /// it changed.
    @inlinable
    @discardableResult
    public func change(_ sql: String, _ values: [SQLValue]) throws(GatewayError) -> Int {
        try change(sql, values, waitsForFlush: true)
    }
}
