import Domain
import SQLRows

extension Storage {
    /// Checks this database's ledger (`LedgerVerifier`) in one snapshot; nothing is written, so
    /// it may run beside a live server.
    public func verifyLedger(violationLimit: Int = LedgerCheck.defaultViolationLimit) throws(GatewayError) -> LedgerReport {
        switch engine {
        case .sqlite(let database): try LedgerVerifier(database: database, violationLimit: violationLimit).verify()
        case .postgres(let database): try LedgerVerifier(database: database, violationLimit: violationLimit).verify()
        }
    }
}
