import Domain
import Foundation
import GatewayTestSupport
import PostgresGateway
import SQLRows
import TestSupport
import Testing

@Suite("PostgresDatabase")
struct PostgresDatabaseTests {
    @Test("values of every kind go in and come back as they were")
    func roundTrip() throws {
        let temporary = try TemporaryPostgresDatabase()
        let row = try temporary.database.write { connection in
            try connection.execute("CREATE TABLE t (i BIGINT, s TEXT, b BOOLEAN, y BYTEA, n TEXT)")
            try connection.statement("INSERT INTO t VALUES ($1, $2, $3, $4, $5)").run([
                .integer(-9_223_372_036_854_775_808), .text("é, ' \" \\ ∑"), .boolean(true), .blob([0, 1, 0xAB, 0xFF]), .null,
            ])
            return try connection.statement("SELECT i, s, b, y, n FROM t").rows { row in
                (row.int64(at: 0), row.string(at: 1), row.bool(at: 2), row.blob(at: 3), row.isNull(at: 4))
            }
        }
        #expect(row.count == 1)
        #expect(row.first?.0 == Int64.min)
        #expect(row.first?.1 == "é, ' \" \\ ∑")
        #expect(row.first?.2 == true)
        #expect(row.first?.3 == [0, 1, 0xAB, 0xFF])
        #expect(row.first?.4 == true)
    }

    @Test("a write whose body throws keeps nothing, and a unique violation is a conflict")
    func rollbackAndConflict() throws {
        let database = try TemporaryPostgresDatabase().database
        try database.write { try $0.execute("CREATE TABLE t (k TEXT PRIMARY KEY)") }
        try database.write { try $0.statement("INSERT INTO t VALUES ($1)").run([.text("a")]) }
        #expect(throws: GatewayError.self) {
            try GatewayError.mapping {
                try database.write { connection in
                    try connection.statement("INSERT INTO t VALUES ($1)").run([.text("b")])
                    try connection.statement("INSERT INTO t VALUES ($1)").run([.text("a")])
                }
            }
        }
        do {
            try database.write { try $0.statement("INSERT INTO t VALUES ($1)").run([.text("a")]) }
            Issue.record("a duplicate key was stored")
        } catch let error as PostgresError {
            #expect(error.gatewayError.isConflict)
        }
        let keys = try database.read { try $0.statement("SELECT k FROM t ORDER BY k").rows { $0.string(at: 0) } }
        #expect(keys == ["a"])
    }

    @Test("two writes that deadlock both commit: the one the server aborts runs again")
    func deadlockRetried() throws {
        let database = try TemporaryPostgresDatabase().database
        try database.write { connection in
            try connection.execute("CREATE TABLE a (id INT PRIMARY KEY, n INT); INSERT INTO a VALUES (1, 0), (2, 0)")
        }
        let group = DispatchGroup()
        let failures = Locked<[String]>([])
        // Each first attempt holds its first row until the other holds its own: a sure deadlock.
        let holding = Locked(0)
        for order in [[1, 2], [2, 1]] {
            group.enter()
            DispatchQueue.global().async {
                defer { group.leave() }
                do {
                    var attempt = 0
                    try database.write { connection in
                        attempt += 1
                        try connection.statement("UPDATE a SET n = n + 1 WHERE id = $1").run([.integer(Int64(order[0]))])
                        if attempt == 1 {
                            holding.withLock { $0 += 1 }
                            _ = eventually(within: 5) { holding.withLock { $0 } == 2 }
                        }
                        try connection.statement("UPDATE a SET n = n + 1 WHERE id = $1").run([.integer(Int64(order[1]))])
                    }
                } catch {
                    failures.withLock { $0.append("\(error)") }
                }
            }
        }
        group.wait()
        #expect(failures.withLock { $0 } == [])
        let totals = try database.read { try $0.statement("SELECT n FROM a ORDER BY id").rows { $0.int(at: 0) } }
        #expect(totals == [2, 2])
        #expect(database.statistics.retries >= 1)
    }

    @Test("a session the server closed is replaced on the next read")
    func reconnects() throws {
        let temporary = try TemporaryPostgresDatabase(poolSize: 1)
        let pid = try temporary.database.read { try $0.statement("SELECT pg_backend_pid()").rows { $0.int64(at: 0) } }.first ?? 0
        let admin = try PostgresConnection(url: temporary.url)
        _ = try admin.statement("SELECT pg_terminate_backend($1::int)").rows([.integer(pid)]) { $0.bool(at: 0) }
        let answer = try temporary.database.read { try $0.statement("SELECT 41 + 1").rows { $0.int(at: 0) } }
        #expect(answer == [42])
        #expect(temporary.database.isAvailable())
    }

    @Test("an unreachable server is reported as unavailable, not as a failure")
    func unreachable() throws {
        do {
            _ = try PostgresDatabase(configuration: PostgresConfiguration(url: "postgresql://nobody@127.0.0.1:1/none?connect_timeout=2"))
            Issue.record("connected to a closed port")
        } catch let error as PostgresError {
            #expect(error.gatewayError == .unavailable(error.description))
        }
    }

    @Test("a password never reaches the logs through the URL")
    func redactsPassword() {
        let configuration = PostgresConfiguration(url: "postgres://viperd:s3cret@db:5432/viperd")
        #expect(configuration.redactedURL == "postgres://viperd:***@db:5432/viperd")
        #expect(PostgresConfiguration(url: "postgres://viperd@db/viperd").redactedURL == "postgres://viperd@db/viperd")
    }
}

extension GatewayError {
    var isConflict: Bool {
        if case .conflict = self { true } else { false }
    }
}

/// A value shared by test threads.
final class Locked<Value>: @unchecked Sendable {
    private let lock = NSLock()
    private var value: Value

    init(_ value: Value) { self.value = value }

    func withLock<T>(_ body: (inout Value) -> T) -> T {
        lock.withLock { body(&value) }
    }
}
