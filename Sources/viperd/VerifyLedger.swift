import App
import ArgumentParser
import Foundation
import Migrations
import SQLRows

/// `viperd verify-ledger`: checks that the stored money adds up.
struct VerifyLedger: ParsableCommand {
    /// Its exit statuses besides 0 (every check holds) and 1 (the ledger could not be read).
    enum Exit {
        /// A check found violations.
        static let violated: Int32 = 2
    }

    static let configuration = CommandConfiguration(
        commandName: "verify-ledger",
        abstract: "Check that the stored balances, holds and transfers add up; change nothing.",
        discussion: """
            Reads the database (--db or --database-url) in one snapshot, so it may run beside a \
            live server, and prints each check with what it counted: every account's stored \
            balance against credits − debits over its authorized and posted transactions; its \
            pending_debits against its pending transfers; every transfer resolved once and wholly; \
            every completed transfer's two posted legs; per currency, the balances against the \
            rows that are no transfer leg. Each violation is printed naming its account or \
            transfer (at most \(LedgerCheck.defaultViolationLimit) per check). Exit status: 0 \
            every check holds; 2 a violation; 3 a migration is pending, changed or missing \
            (`viperd migrate --status`); 4 there is no SQLite database at the path; 1 any other \
            error (an unreachable server too).
            """)

    @OptionGroup var database: DatabaseOption

    func run() throws {
        let location = database.location
        var standardError = FileHandle.standardError
        if case .sqlite(let path) = location, !FileManager.default.fileExists(atPath: path) {
            print("viperd verify-ledger: no database at \(path) (nothing created)", to: &standardError)
            throw ExitCode(Migrate.StatusExit.noDatabase)
        }
        let report: LedgerReport
        do {
            // Not `Storage.forCommand`: a check never migrates, nor checkpoints a live server's file.
            let storage = try Storage(location, connections: 1)
            let states = try storage.migrator().status()
            if let behind = states.first(where: { $0.state != .applied }) {
                print(
                    "viperd verify-ledger: \(location) is not up to date (\(behind.state.rawValue) \(behind.name)); see `viperd migrate --status`",
                    to: &standardError)
                throw ExitCode(Migrate.StatusExit.notUpToDate)
            }
            report = try storage.verifyLedger()
        } catch let exit as ExitCode {
            throw exit
        } catch {
            print("viperd verify-ledger: \(error)", to: &standardError)
            throw ExitCode(1)
        }
        for check in report.checks {
            let counted = check.counted.map(\.description).joined(separator: ", ")
            print("\(check.holds ? "ok  " : "FAIL") \(check.name.rawValue): \(counted)")
            print("     \(check.rule)")
            for violation in check.violations { print("     violation: \(violation)") }
            let unlisted = check.violationCount - check.violations.count
            if unlisted > 0 { print("     … and \(unlisted) more violation(s)") }
        }
        let failed = report.checks.filter { !$0.holds }
        guard failed.isEmpty else {
            let total = failed.reduce(0) { $0 + $1.violationCount }
            print("viperd verify-ledger: \(failed.count) of \(report.checks.count) checks failed, \(total) violation(s)", to: &standardError)
            throw ExitCode(Exit.violated)
        }
        print("ledger ok: \(report.checks.count) checks hold")
    }
}
