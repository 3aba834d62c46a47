import Domain
import GatewayTestSupport
import PostgresGateway
import SQLRows
import SQLiteGateway
import Testing

extension Store {
    /// What `LedgerVerifier` finds on this store's database, listing at most `violationLimit`
    /// violations per check.
    func ledgerReport(violationLimit: Int = LedgerCheck.defaultViolationLimit) throws -> LedgerReport {
        try Self.ledgerReport(of: gateway, violationLimit: violationLimit)
    }

    /// What `LedgerVerifier` finds on `gateway`'s database (from a thread the store is not shared with).
    static func ledgerReport(of gateway: any EntityGateway, violationLimit: Int = LedgerCheck.defaultViolationLimit) throws -> LedgerReport {
        switch gateway {
        case let sqlite as SQLiteEntityGateway: try LedgerVerifier(database: sqlite.database, violationLimit: violationLimit).verify()
        case let postgres as PostgresEntityGateway: try LedgerVerifier(database: postgres.database, violationLimit: violationLimit).verify()
        default: throw GatewayError.failure("no ledger for \(type(of: gateway))")
        }
    }

    /// Records an issue per ledger violation on this store's database (`expectLedgerHolds`).
    @discardableResult
    func expectLedgerHolds(sourceLocation: SourceLocation = #_sourceLocation) throws -> LedgerReport {
        switch gateway {
        case let sqlite as SQLiteEntityGateway: try sqlite.database.expectLedgerHolds(sourceLocation: sourceLocation)
        case let postgres as PostgresEntityGateway: try postgres.database.expectLedgerHolds(sourceLocation: sourceLocation)
        default: throw GatewayError.failure("no ledger for \(type(of: gateway))")
        }
    }
}
