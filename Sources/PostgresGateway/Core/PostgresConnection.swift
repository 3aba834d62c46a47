import CPostgres
import Foundation
import SQLRows
import Domain

/// One libpq connection. Not thread-safe: `PostgresDatabase` lends it to one caller at a time.
public final class PostgresConnection {
    let handle: OpaquePointer
    /// Server-side prepared statements of this session, by SQL text.
    var prepared: [String: String] = [:]
    /// Numbers the names of prepared statements: never reused within a session, so a name a
    /// failed pipelined prepare gave up is not given to another statement while one still holds it.
    var statementNumber = 0
    /// The write under way, in pipeline mode (`beginPipeline`): what was sent and not read yet.
    /// Nil outside a write.
    var pipeline: PostgresPipeline?
    /// Round trips to the server since the database last counted them
    /// (`PostgresStatistics.roundTrips`).
    var roundTrips = 0
    /// The conditional statements of the transaction under way that changed fewer rows than
    /// their write needed (`enqueue(_:_:expectingRows:otherwise:)`), as they were answered.
    var refusals: [PostgresPipeline.RowCheck] = []
    /// The last `commitPipeline` failed on a statement before its `COMMIT`, which the server
    /// therefore never ran: the transaction kept nothing, whatever became of the session.
    var commitSkipped = false
    /// The position, among what the last sync read, of the message whose error it reported
    /// first; nil when none failed, or when the results stopped coming.
    var failedIndex: Int?
    /// Which write of a group the statements queued now belong to (`PostgresDatabase.runShared`);
    /// 0 for a write alone.
    var currentWrite = 0
    /// Users whose live streams the transaction under way must wake (`wakeLiveStreams`), until
    /// the database takes them after the commit.
    var usersToWake: [UserID] = []

    /// Connects to `url` (a libpq URI or key/value string) as `applicationName` (what
    /// `pg_stat_activity` shows), with libpq's `parameters` besides; a URL's own
    /// `application_name`, `connect_timeout`, `options` and parameters win over those given here.
    public init(url: String, applicationName: String = "viperd", parameters: KeyValuePairs<String, String> = [:]) throws {
        // client_min_messages=warning: libpq prints the server's notices on stderr, and the
        // migrator's idempotent DDL ("relation … already exists, skipping") would otherwise
        // precede every operator command's answer.
        let keywords = ["application_name", "connect_timeout", "options"] + parameters.map(\.key) + ["dbname"]
        let values = [applicationName, "5", "-c client_min_messages=warning"] + parameters.map(\.value) + [url]
        let keywordCopies = keywords.map { strdup($0) }
        let valueCopies = values.map { strdup($0) }
        defer { for copy in keywordCopies + valueCopies { free(copy) } }
        // Both lists end with NULL, as libpq expects.
        let handle = PQconnectdbParams(
            keywordCopies.map { UnsafePointer($0) } + [nil], valueCopies.map { UnsafePointer($0) } + [nil], 1)
        guard let handle else {
            throw PostgresError(sqlState: "", message: "libpq could not allocate a connection")
        }
        guard PQstatus(handle) == CONNECTION_OK else {
            let error = PostgresError(sqlState: "", message: Self.message(of: handle))
            PQfinish(handle)
            throw error
        }
        self.handle = handle
    }

    deinit {
        PQfinish(handle)
    }

    /// Runs a script of one or more statements without parameters (migrations, `BEGIN`). Inside a
    /// pipelined write, what was queued is read first and the script runs outside pipeline mode,
    /// whose extended protocol sends one statement at a time.
    public func execute(_ sql: String) throws {
        if pipeline != nil {
            try runOutsidePipeline(sql)
            return
        }
        roundTrips += 1
        let result = PQexec(handle, sql)
        defer { PQclear(result) }
        try check(result, sql: sql)
    }

    /// The statement `sql`, prepared on this connection the first time it runs.
    public func statement(_ sql: String) -> PostgresStatement {
        PostgresStatement(connection: self, sql: sql)
    }

    /// Whether the session is usable: connected, out of pipeline mode, and not inside a
    /// transaction left open.
    var isIdle: Bool {
        PQstatus(handle) == CONNECTION_OK && PQpipelineStatus(handle) == PQ_PIPELINE_OFF && PQtransactionStatus(handle) == PQTRANS_IDLE
    }

    /// Whether the last command left a transaction open (a failed one included).
    var isInTransaction: Bool {
        let status = PQtransactionStatus(handle)
        return status == PQTRANS_INTRANS || status == PQTRANS_INERROR
    }

    /// The server process serving this session (what `pg_stat_activity.pid` and a
    /// notification's sender show).
    var backendProcessID: Int32 {
        PQbackendPID(handle)
    }

    /// Reconnects after the server closed the session (a restart, a failover): its prepared
    /// statements are gone with it. False when the server is still unreachable.
    func reconnect() -> Bool {
        prepared.removeAll()
        // libpq leaves pipeline mode and forgets what was queued when it closes the session.
        pipeline = nil
        PQreset(handle)
        return PQstatus(handle) == CONNECTION_OK
    }

    /// Runs the prepared statement of `sql` and reads its result with `read`; inside a pipelined
    /// write, after everything queued before it (`sync`).
    func execute<T>(prepared sql: String, _ values: [SQLValue], _ read: (OpaquePointer) throws -> T) throws -> T {
        if pipeline != nil {
            try send(sql, values)
            return try sync(readingLast: read)
        }
        try Self.refuseNUL(in: values, of: sql)
        let name = try preparedName(for: sql)
        roundTrips += 1
        let result = Self.withTexts(of: values) { PQexecPrepared(handle, name, Int32(values.count), $0, nil, nil, 0) }
        defer { PQclear(result) }
        try check(result, sql: sql)
        // `check` threw unless there is a result.
        guard let result else { throw PostgresError(sqlState: "", message: Self.message(of: handle), sql: sql) }
        return try read(result)
    }

    func affectedRows(_ result: OpaquePointer) -> Int {
        guard let text = PQcmdTuples(result) else { return 0 }
        return Int(String(cString: text)) ?? 0
    }

    /// libpq takes C strings: a U+0000 would silently cut the text short, and PostgreSQL text
    /// cannot hold one anyway (22021, as the server says of such bytes).
    static func refuseNUL(in values: [SQLValue], of sql: String) throws {
        if let index = values.firstIndex(where: { $0.postgresText?.utf8.contains(0) == true }) {
            throw PostgresError(sqlState: "22021", message: "parameter $\(index + 1) holds U+0000, which PostgreSQL text cannot store", sql: sql)
        }
    }

    /// `values` as the C strings libpq sends (nil for SQL NULL), valid for the length of `body`.
    static func withTexts<T>(of values: [SQLValue], _ body: ([UnsafePointer<CChar>?]) throws -> T) rethrows -> T {
        let texts = values.map { $0.postgresText.map { strdup($0) } ?? nil }
        defer { for text in texts { free(text) } }
        return try body(texts.map { UnsafePointer($0) })
    }

    /// A fresh name for a statement about to be prepared.
    func nextStatementName() -> String {
        statementNumber += 1
        return "viperd_\(statementNumber)"
    }

    private func preparedName(for sql: String) throws -> String {
        if let name = prepared[sql] { return name }
        let name = nextStatementName()
        roundTrips += 1
        let result = PQprepare(handle, name, PostgresPlaceholders.rewrite(sql), 0, nil)
        defer { PQclear(result) }
        try check(result, sql: sql)
        prepared[sql] = name
        return name
    }

    private func check(_ result: OpaquePointer?, sql: String) throws {
        guard let result else { throw connectionFailure(sql: sql) }
        guard !Self.succeeded(result) else { return }
        throw failure(of: result, sql: sql)
    }

    /// Whether `result` is a statement's success (rows or not).
    static func succeeded(_ result: OpaquePointer) -> Bool {
        let status = PQresultStatus(result)
        return status == PGRES_COMMAND_OK || status == PGRES_TUPLES_OK || status == PGRES_EMPTY_QUERY
    }

    /// The error `result` reports: the server's SQLSTATE, message and constraint.
    func failure(of result: OpaquePointer, sql: String?) -> PostgresError {
        let state = Self.field(result, "C") ?? ""
        let message = Self.field(result, "M") ?? Self.message(of: handle)
        return PostgresError(sqlState: state, message: message, constraint: Self.field(result, "n"), sql: sql)
    }

    /// The failure libpq reports without a result (a lost session, a refused send): no SQLSTATE.
    func connectionFailure(sql: String?) -> PostgresError {
        PostgresError(sqlState: "", message: Self.message(of: handle), sql: sql)
    }

    /// A field of an error result (`C` SQLSTATE, `M` message, `n` constraint name).
    private static func field(_ result: OpaquePointer, _ code: Unicode.Scalar) -> String? {
        PQresultErrorField(result, Int32(code.value)).map { String(cString: $0) }
    }

    private static func message(of handle: OpaquePointer) -> String {
        PQerrorMessage(handle).map { String(cString: $0).trimmingCharacters(in: .whitespacesAndNewlines) } ?? "unknown libpq error"
    }
}
