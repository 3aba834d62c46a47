import Domain
import PostgresGateway
import SQLRows
import SQLiteGateway

extension Store {
    /// Runs `sql` (a fixed text the test wrote) in its own write transaction, past the managers:
    /// how a test corrupts what no manager would write.
    func execute(_ sql: String) throws {
        switch gateway {
        case let sqlite as SQLiteEntityGateway: try sqlite.database.write { try $0.run(sql, []) }
        case let postgres as PostgresEntityGateway: try postgres.database.write { try $0.run(sql, []) }
        default: throw GatewayError.failure("no SQL for \(type(of: gateway))")
        }
    }
}
