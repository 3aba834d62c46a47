import SQLRows
import Testing

extension SQLDatabase {
    /// Runs `LedgerVerifier` on this database and records an issue per violation, at the
    /// caller's line, so a test that moved money proves the ledger still adds up; returns the
    /// report for what the test checks besides.
    @discardableResult
    public func expectLedgerHolds(sourceLocation: SourceLocation = #_sourceLocation) throws -> LedgerReport {
        let report = try LedgerVerifier(database: self).verify()
        for violation in report.violations {
            Issue.record("ledger: \(violation)", sourceLocation: sourceLocation)
        }
        for check in report.checks where check.violationCount > check.violations.count {
            Issue.record("ledger: \(check.violationCount - check.violations.count) more violation(s) of \(check.name.rawValue)", sourceLocation: sourceLocation)
        }
        return report
    }
}
