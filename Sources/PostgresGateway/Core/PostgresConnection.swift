import CPostgres
import Foundation
import SQLRows
import Domain

/// One libpq connection. Not thread-safe: `PostgresDatabase` lends it to one caller at a time.
public final class PostgresConnection {
    let handle: OpaquePointer
    /// Server-side prepared statements of this session, by SQL text.
    private var prepared: [String: String] = [:]
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

    /// Runs a script of one or more statements without parameters (migrations, `BEGIN`).
    public func execute(_ sql: String) throws {
        let result = PQexec(handle, sql)
        defer { PQclear(result) }
        try check(result, sql: sql)
    }

    /// The statement `sql`, prepared on this connection the first time it runs.
    public func statement(_ sql: String) -> PostgresStatement {
        PostgresStatement(connection: self, sql: sql)
    }

    /// Whether the session is usable: connected, and not inside a transaction left open.
    var isIdle: Bool {
        PQstatus(handle) == CONNECTION_OK && PQtransactionStatus(handle) == PQTRANS_IDLE
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
        PQreset(handle)
        return PQstatus(handle) == CONNECTION_OK
    }

    func execute<T>(prepared sql: String, _ values: [SQLValue], _ read: (OpaquePointer) throws -> T) throws -> T {
        // libpq takes C strings: a U+0000 would silently cut the text short, and PostgreSQL text
        // cannot hold one anyway (22021, as the server says of such bytes).
        if let index = values.firstIndex(where: { $0.postgresText?.utf8.contains(0) == true }) {
            throw PostgresError(sqlState: "22021", message: "parameter $\(index + 1) holds U+0000, which PostgreSQL text cannot store", sql: sql)
        }
        let name = try preparedName(for: sql)
        let texts = values.map { $0.postgresText.map { strdup($0) } ?? nil }
        defer { for text in texts { free(text) } }
        let pointers = texts.map { UnsafePointer($0) }
        let result = PQexecPrepared(handle, name, Int32(values.count), pointers, nil, nil, 0)
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

    private func preparedName(for sql: String) throws -> String {
        if let name = prepared[sql] { return name }
        let name = "viperd_\(prepared.count)"
        let result = PQprepare(handle, name, PostgresPlaceholders.rewrite(sql), 0, nil)
        defer { PQclear(result) }
        try check(result, sql: sql)
        prepared[sql] = name
        return name
    }

    private func check(_ result: OpaquePointer?, sql: String) throws {
        guard let result else {
            throw PostgresError(sqlState: "", message: Self.message(of: handle), sql: sql)
        }
        let status = PQresultStatus(result)
        guard status != PGRES_COMMAND_OK, status != PGRES_TUPLES_OK, status != PGRES_EMPTY_QUERY else { return }
        let state = Self.field(result, "C") ?? ""
        let message = Self.field(result, "M") ?? Self.message(of: handle)
        throw PostgresError(sqlState: state, message: message, constraint: Self.field(result, "n"), sql: sql)
    }

    /// A field of an error result (`C` SQLSTATE, `M` message, `n` constraint name).
    private static func field(_ result: OpaquePointer, _ code: Unicode.Scalar) -> String? {
        PQresultErrorField(result, Int32(code.value)).map { String(cString: $0) }
    }

    private static func message(of handle: OpaquePointer) -> String {
        PQerrorMessage(handle).map { String(cString: $0).trimmingCharacters(in: .whitespacesAndNewlines) } ?? "unknown libpq error"
    }
}
