import CPostgres
import SQLRows

/// What a pipelined write has sent and not read yet, in the order the server answers.
struct PostgresPipeline {
    /// One message awaiting its answer.
    enum Unread {
        /// The write's `BEGIN`: until it is answered, a lost session means nothing of the write ran.
        case begin
        /// A statement prepared in the pipeline, the first time this session sends it.
        case prepare(sql: String)
        /// A statement run (or `COMMIT`).
        case statement(sql: String)
        /// A conditional statement run, whose rows are checked when it is answered.
        case checked(sql: String, RowCheck)

        var sql: String {
            switch self {
            case .begin: "BEGIN"
            case .prepare(let sql), .statement(let sql), .checked(let sql, _): sql
            }
        }
    }

    /// What a conditional statement (`enqueue(_:_:expectingRows:otherwise:)`) must have changed,
    /// and the refusal of the write that queued it when it changed fewer rows.
    struct RowCheck {
        var rows: Int
        var refusal: any Error
        /// The write of a group that queued it (`PostgresConnection.currentWrite`).
        var write: Int
    }

    var unread: [Unread] = []
    /// Whether the server answered the write's `BEGIN`.
    var begun = false
}

/// A write in libpq's pipeline mode: statements whose results nothing waits on (`enqueue`, and
/// `BEGIN`) are sent without waiting, and go out with the next statement whose rows are read
/// or with the `COMMIT`, one round trip for all of them (`sync`). The first error among them is
/// thrown as the `PostgresError` it is, so retries (40001, 40P01) and constraint mapping see
/// what they saw when each statement waited; the server skips the rest up to the sync.
///
/// The connection stays blocking: libpq flushes as it sends, and while a send waits for room
/// it reads the server's answers, so the server never stalls writing to us. What a pipeline
/// holds is bounded anyway by the writes themselves: between two reads a write queues a
/// handful of statements (a transfer: its two legs, the transfer and two events), an order at
/// most its lines (`OrderPolicy.maximumLines`) and a few more, each answered by a few bytes.
extension PostgresConnection {
    /// Enters pipeline mode and queues `BEGIN`. A refused send (a session libpq already knows
    /// is lost) is a connection failure, which `PostgresDatabase.write` meets by reconnecting.
    func beginPipeline() throws {
        guard PQenterPipelineMode(handle) == 1 else { throw connectionFailure(sql: "BEGIN") }
        pipeline = PostgresPipeline()
        refusals.removeAll(keepingCapacity: true)
        currentWrite = 0
        commitSkipped = false
        try sendUnprepared(.begin)
    }

    /// Queues the prepared statement of `sql`, preparing it in the pipeline first when this
    /// session has not: the prepare costs no round trip of its own. Prepared rather than sent
    /// unprepared (`PQsendQueryParams`) so the statement stays prepared for every later use,
    /// as outside pipelines. `check`: its rows are checked when it is answered.
    func send(_ sql: String, _ values: [SQLValue], check: PostgresPipeline.RowCheck? = nil) throws {
        try Self.refuseNUL(in: values, of: sql)
        let name: String
        if let known = prepared[sql] {
            name = known
        } else {
            name = nextStatementName()
            guard PQsendPrepare(handle, name, PostgresPlaceholders.rewrite(sql), 0, nil) == 1 else { throw connectionFailure(sql: sql) }
            // Taken now, so a second use in this pipeline does not prepare it again; a prepare
            // the server refuses or skips gives it back (`drain`).
            prepared[sql] = name
            pipeline?.unread.append(.prepare(sql: sql))
        }
        let sent = Self.withTexts(of: values) { PQsendQueryPrepared(handle, name, Int32(values.count), $0, nil, nil, 0) }
        guard sent == 1 else { throw connectionFailure(sql: sql) }
        pipeline?.unread.append(check.map { .checked(sql: sql, $0) } ?? .statement(sql: sql))
    }

    /// Inside a write, queues `sql`, a statement that changes `rows` rows when the write may go
    /// on and none when it must not (its decision made in SQL, as `SQLColumnText.insert(into:_:where:)`
    /// makes it): no round trip waits for it. When it is answered with fewer rows, `refusal` is
    /// kept for the write under way (`refusals`), and the statements it queued after must have
    /// been conditional on it too, so that nothing of the write is stored. Outside a write, runs
    /// it at once and throws `refusal` there.
    public func enqueue(_ sql: String, _ values: [SQLValue], expectingRows rows: Int, otherwise refusal: any Error) throws {
        guard pipeline != nil else {
            if try run(sql, values) < rows { throw refusal }
            return
        }
        try send(sql, values, check: PostgresPipeline.RowCheck(rows: rows, refusal: refusal, write: currentWrite))
    }

    /// The refusals of the writes of the transaction under way (`enqueue(_:_:expectingRows:otherwise:)`),
    /// kept until the next `beginPipeline`.
    func refusal(ofWrite write: Int) -> (any Error)? {
        refusals.first { $0.write == write }?.refusal
    }

    /// Sends what is queued with a sync and reads every result up to it: the first error is
    /// thrown, else the last statement's result is given to `read`.
    func sync<T>(readingLast read: (OpaquePointer) throws -> T) throws -> T {
        let (failure, last) = drain(keeping: (pipeline?.unread.count ?? 0) - 1)
        if let failure {
            if let last { PQclear(last) }
            throw failure
        }
        guard let last else { throw PostgresError(sqlState: "", message: "the pipeline ended without the statement's result") }
        defer { PQclear(last) }
        return try read(last)
    }

    /// Queues `COMMIT` after what the write queued, reads every result (the first error is
    /// thrown, and nothing was committed) and leaves pipeline mode.
    func commitPipeline() throws {
        try sendUnprepared(.statement(sql: Self.commit))
        let commitIndex = (pipeline?.unread.count ?? 0) - 1
        if let failure = drain(keeping: nil).failure {
            commitSkipped = Self.skippedCommit(failure, failedAt: failedIndex, commitAt: commitIndex)
            throw failure
        }
        leavePipeline()
    }

    /// Whether `failure`, the first error of a sync whose message `commitAt` was the `COMMIT`,
    /// proves the `COMMIT` never ran. It does when the server answered an earlier message with it
    /// (`failedAt` before `commitAt`, with a SQLSTATE): the server skips what follows up to the
    /// sync, so nothing was committed even when it then ended the session. It does not for an
    /// error of the `COMMIT` itself, one after its answer (a session ended as it read the sync),
    /// or no answer at all (a lost connection, no SQLSTATE): the commit may have run.
    static func skippedCommit(_ failure: PostgresError, failedAt: Int?, commitAt: Int) -> Bool {
        guard !failure.sqlState.isEmpty, let failedAt else { return false }
        return failedAt < commitAt
    }

    private static let commit = "COMMIT"

    /// Queues `sql` and `COMMIT` after what the write queued, reads every result in one round
    /// trip (the first error is thrown, and nothing was committed), leaves pipeline mode and
    /// returns the rows `sql` changed: a write of one statement costs one round trip.
    func runAndCommit(_ sql: String, _ values: [SQLValue]) throws -> Int {
        try send(sql, values)
        let statement = (pipeline?.unread.count ?? 0) - 1
        try sendUnprepared(.statement(sql: Self.commit))
        let (failure, kept) = drain(keeping: statement)
        if let failure {
            if let kept { PQclear(kept) }
            throw failure
        }
        guard let kept else { throw PostgresError(sqlState: "", message: "the pipeline ended without the statement's result", sql: sql) }
        defer { PQclear(kept) }
        leavePipeline()
        return affectedRows(kept)
    }

    /// Leaves pipeline mode whatever state the write left: what is still queued is sent and its
    /// results read and dropped (the caller has the error that ended the write). On a lost
    /// session libpq cannot leave it; the pool then finds the session not idle and reconnects it.
    func leavePipeline() {
        guard let pipeline else { return }
        if !pipeline.unread.isEmpty, PQstatus(handle) == CONNECTION_OK {
            _ = drain(keeping: nil)
        }
        self.pipeline = nil
        _ = PQexitPipelineMode(handle)
    }

    /// Whether `error` came from a session lost before the server answered the write's `BEGIN`:
    /// nothing of the write ran, so it may run again from the start on a fresh session.
    func lostBeforeBegin(_ error: PostgresError) -> Bool {
        guard let pipeline, !pipeline.begun else { return false }
        return error.sqlState.isEmpty || error.sqlState.hasPrefix("08") || PQstatus(handle) != CONNECTION_OK
    }

    /// Runs `script` (several statements, no parameters) inside the pipelined write: what is
    /// queued is read first, then the script runs outside pipeline mode, which is entered again.
    func runOutsidePipeline(_ script: String) throws {
        if pipeline?.unread.isEmpty == false, let failure = drain(keeping: nil).failure { throw failure }
        guard PQexitPipelineMode(handle) == 1 else { throw connectionFailure(sql: script) }
        let saved = pipeline
        pipeline = nil
        defer {
            if PQenterPipelineMode(handle) == 1 { pipeline = saved }
        }
        try execute(script)
    }

    /// Queues `sql`, a command without parameters or rows (`SAVEPOINT`), unprepared.
    func sendCommand(_ sql: String) throws {
        try sendUnprepared(.statement(sql: sql))
    }

    /// Sends what is queued with a sync and reads every result: the first error is thrown.
    func flushPipeline() throws {
        if let failure = drain(keeping: nil).failure { throw failure }
    }

    private func sendUnprepared(_ message: PostgresPipeline.Unread) throws {
        guard PQsendQueryParams(handle, message.sql, 0, nil, nil, nil, nil, 0) == 1 else { throw connectionFailure(sql: message.sql) }
        pipeline?.unread.append(message)
    }

    /// One round trip: a sync, then every result up to it. Returns the first error (a lost
    /// session's when the results stop coming) and the successful result of the message at
    /// index `keeping` of what was unread, which the caller clears.
    private func drain(keeping kept: Int?) -> (failure: PostgresError?, last: OpaquePointer?) {
        let unread = pipeline?.unread ?? []
        pipeline?.unread.removeAll(keepingCapacity: true)
        roundTrips += 1
        failedIndex = nil
        var failure: PostgresError?
        var last: OpaquePointer?
        guard PQpipelineSync(handle) == 1 else {
            forgetPrepares(in: unread)
            return (connectionFailure(sql: unread.last?.sql), nil)
        }
        var index = 0
        // A message's results end with a NULL; two in a row mean libpq has nothing more queued
        // (a lost session), where waiting for the sync would never end.
        var endedOne = false
        while true {
            guard let result = PQgetResult(handle) else {
                if endedOne || PQstatus(handle) != CONNECTION_OK {
                    forgetPrepares(in: unread[min(index, unread.count)...])
                    if let kept = last { PQclear(kept) }
                    return (failure ?? connectionFailure(sql: index < unread.count ? unread[index].sql : nil), nil)
                }
                endedOne = true
                index += 1
                continue
            }
            endedOne = false
            let status = PQresultStatus(result)
            if status == PGRES_PIPELINE_SYNC {
                PQclear(result)
                break
            }
            let message = index < unread.count ? unread[index] : nil
            if Self.succeeded(result) {
                if case .begin = message { pipeline?.begun = true }
                if case .checked(_, let check) = message, affectedRows(result) < check.rows { refusals.append(check) }
                if index == kept {
                    last = result
                    continue
                }
            } else {
                if case .prepare(let sql) = message { prepared[sql] = nil }
                // Skipped after the first error: not an error of its own.
                if failure == nil, status != PGRES_PIPELINE_ABORTED {
                    failure = self.failure(of: result, sql: message?.sql)
                    failedIndex = index
                }
            }
            PQclear(result)
        }
        if failure != nil, let kept = last {
            PQclear(kept)
            last = nil
        }
        return (failure, last)
    }

    /// Statements whose prepare was sent among `messages` but never answered: not prepared.
    private func forgetPrepares(in messages: some Sequence<PostgresPipeline.Unread>) {
        for case .prepare(let sql) in messages { prepared[sql] = nil }
    }
}
