import Domain

/// Checks that the stored ledger adds up, on either engine: every account's stored balance and
/// reservation against its rows, every transfer resolved once and wholly, every completed
/// transfer's two legs, and that transfers only move money. The stored figures are kept by
/// triggers (`accounts.balance`, `accounts.pending_debits`), so this is what proves the triggers,
/// the writers and a crash left them right. Everything is read in one snapshot
/// (`SQLDatabase.readSnapshot`): a live server's commits land wholly before or after it, never
/// between two checks, so they raise no false alarm.
public struct LedgerVerifier<Database: SQLDatabase> {
    private let database: Database
    private let violationLimit: Int

    /// A verifier of `database` listing at most `violationLimit` violations per check.
    public init(database: Database, violationLimit: Int = LedgerCheck.defaultViolationLimit) {
        self.database = database
        self.violationLimit = max(violationLimit, 0)
    }

    /// Every check, read in one snapshot. A read that fails (a total past 64 bits among them) is
    /// a `GatewayError`: no report is better than a wrong one.
    public func verify() throws(GatewayError) -> LedgerReport {
        try GatewayError.mapping {
            try database.readSnapshot { connection in
                LedgerReport(checks: [
                    try balances(on: connection), try pendingDebits(on: connection), try resolutions(on: connection),
                    try legs(on: connection), try conservation(on: connection),
                ])
            }
        }
    }

    /// The violations of one check: the first `limit` kept, all counted.
    private struct Found {
        let limit: Int
        var listed: [LedgerViolation] = []
        var count = 0

        mutating func add(_ violation: @autoclosure () -> LedgerViolation) {
            count += 1
            if listed.count < limit { listed.append(violation()) }
        }
    }

    private func balances(on connection: Database.Connection) throws -> LedgerCheck {
        let counts = try connection.rows(LedgerStatements.balanceCounts, []) { ($0.int64(at: 0), $0.int64(at: 1)) }.first ?? (0, 0)
        var found = Found(limit: violationLimit)
        _ = try connection.rows(LedgerStatements.balanceMismatches, []) { row in
            found.add(LedgerViolation(
                .account(AccountID(row.string(at: 0) ?? "")),
                "stored balance \(row.int64(at: 1)), but its transactions' credits − debits are \(row.int64(at: 2))"))
        }
        return LedgerCheck(
            name: .balances,
            rule: "each account's stored balance = credits − debits over all its transactions, authorized and posted (the balance as the domain defines it)",
            counted: [.init(counts.0, "accounts"), .init(counts.1, "transactions")], violations: found.listed, violationCount: found.count)
    }

    private func pendingDebits(on connection: Database.Connection) throws -> LedgerCheck {
        let accounts = try connection.rows(LedgerStatements.balanceCounts, []) { $0.int64(at: 0) }.first ?? 0
        let pending = try connection.rows(LedgerStatements.pendingCounts, []) { ($0.int64(at: 0), $0.int64(at: 1)) }.first ?? (0, 0)
        var found = Found(limit: violationLimit)
        _ = try connection.rows(LedgerStatements.pendingMismatches, []) { row in
            found.add(LedgerViolation(
                .account(AccountID(row.string(at: 0) ?? "")),
                "stored pending_debits \(row.int64(at: 1)), but its \(row.int64(at: 3)) pending transfer(s) hold \(row.int64(at: 2))"))
        }
        _ = try connection.rows(LedgerStatements.orphanHolds, []) { row in
            found.add(LedgerViolation(
                .transfer(TransferID(row.string(at: 0) ?? "")), "pending on source account \(row.string(at: 1) ?? "?"), which does not exist"))
        }
        return LedgerCheck(
            name: .pendingDebits,
            rule: "each account's stored pending_debits = the sum of its pending transfers, so available = balance + credit_limit − pending_debits as stored",
            counted: [.init(accounts, "accounts"), .init(pending.0, "pending transfers"), .init(pending.1, "minor units held")],
            violations: found.listed, violationCount: found.count)
    }

    private func resolutions(on connection: Database.Connection) throws -> LedgerCheck {
        let statuses = try connection.rows(LedgerStatements.statusCounts, []) { LedgerCheck.Count($0.int64(at: 1), $0.string(at: 0) ?? "?") }
        var found = Found(limit: violationLimit)
        _ = try connection.rows(LedgerStatements.badResolutions, []) { row in
            let status = row.string(at: 1) ?? "?"
            let completed = status == "completed"
            var faults: [String] = []
            for (column, name) in [(2, "destination account"), (3, "debit leg id"), (4, "credit leg id")] where row.isNull(at: Int32(column)) == completed {
                faults.append(completed ? "no \(name)" : "a \(name) (\(row.string(at: Int32(column)) ?? ""))")
            }
            if (status == "pending") != row.isNull(at: 5) { faults.append(status == "pending" ? "a resolution time" : "no resolution time") }
            if (status == "cancelled") == row.isNull(at: 6) { faults.append(status == "cancelled" ? "no cancelling party" : "a cancelling party") }
            found.add(LedgerViolation(.transfer(TransferID(row.string(at: 0) ?? "")), "\(status) with \(faults.joined(separator: ", "))"))
        }
        // Grouped by leg in Swift: the rows come ordered by leg, then transfer.
        let shared = try connection.rows(LedgerStatements.sharedLegs, []) { ($0.string(at: 0) ?? "", $0.string(at: 1) ?? "") }
        var index = shared.startIndex
        while index < shared.endIndex {
            let leg = shared[index].0
            let end = shared[index...].firstIndex { $0.0 != leg } ?? shared.endIndex
            let holders = shared[index..<end].map(\.1)
            for (position, holder) in holders.enumerated() {
                var others = holders
                others.remove(at: position)
                let detail = others.contains(holder)
                    ? "names leg \(leg) as both its debit and its credit"
                    : "names leg \(leg), which transfer \(others.joined(separator: ", ")) also names"
                found.add(LedgerViolation(.transfer(TransferID(holder)), detail))
            }
            index = end
        }
        return LedgerCheck(
            name: .resolutions,
            rule: "each transfer is resolved once and wholly: a completed one has its destination and both leg ids, the others none; "
                + "a pending one no resolution time, a resolved one its time; no leg id belongs to two transfers",
            counted: [.init(statuses.reduce(0) { $0 &+ $1.number }, "transfers")] + statuses, violations: found.listed, violationCount: found.count)
    }

    private func legs(on connection: Database.Connection) throws -> LedgerCheck {
        let completed = try connection.rows(LedgerStatements.completedCount, []) { $0.int64(at: 0) }.first ?? 0
        var found = Found(limit: violationLimit)
        _ = try connection.rows(LedgerStatements.badLegs, []) { row in
            let amount = row.int64(at: 3)
            let legs = [
                (side: "debit", id: 4, account: 1, direction: "debit", row: 6),
                (side: "credit", id: 5, account: 2, direction: "credit", row: 10),
            ]
            var faults: [String] = []
            for leg in legs {
                let id = row.string(at: Int32(leg.id)) ?? "?"
                guard !row.isNull(at: Int32(leg.row)) else {
                    faults.append("its \(leg.side) leg \(id) is missing")
                    continue
                }
                let expectedAccount = row.string(at: Int32(leg.account)) ?? "(none)"
                let account = row.string(at: Int32(leg.row)) ?? ""
                let group = row.string(at: Int32(leg.row + 1)) ?? ""
                let direction = row.string(at: Int32(leg.row + 2)) ?? ""
                let legAmount = row.int64(at: Int32(leg.row + 3))
                if account != expectedAccount { faults.append("its \(leg.side) leg \(id) is on account \(account), not \(expectedAccount)") }
                if group != "posted" { faults.append("its \(leg.side) leg \(id) is \(group), not posted") }
                if direction != leg.direction { faults.append("its \(leg.side) leg \(id) is a \(direction)") }
                if legAmount != amount { faults.append("its \(leg.side) leg \(id) is of \(legAmount), not \(amount)") }
            }
            if row.isNull(at: 2) { faults.append("it has no destination account") }
            found.add(LedgerViolation(.transfer(TransferID(row.string(at: 0) ?? "")), faults.joined(separator: "; ")))
        }
        return LedgerCheck(
            name: .legs,
            rule: "each completed transfer has exactly two legs of opposite sign: a posted debit of its amount on its source "
                + "and a posted credit of its amount on its destination",
            counted: [.init(completed, "completed transfers")], violations: found.listed, violationCount: found.count)
    }

    private func conservation(on connection: Database.Connection) throws -> LedgerCheck {
        typealias Total = (count: Int64, sum: Int64)
        var balances: [String: Total] = [:]
        var outside: [String: Total] = [:]
        _ = try connection.rows(LedgerStatements.balanceTotals, []) { balances[$0.string(at: 0) ?? "?"] = ($0.int64(at: 1), $0.int64(at: 2)) }
        _ = try connection.rows(LedgerStatements.nonLegTotals, []) { outside[$0.string(at: 0) ?? "?"] = ($0.int64(at: 1), $0.int64(at: 2)) }
        var violations: [LedgerViolation] = []
        for currency in Set(balances.keys).union(outside.keys).sorted() {
            let stored = balances[currency]?.sum ?? 0
            let entered = outside[currency]?.sum ?? 0
            guard stored != entered else { continue }
            let (made, overflow) = stored.subtractingReportingOverflow(entered)
            let by = overflow ? "" : " (transfers made \(made))"
            violations.append(LedgerViolation(
                .ledger, "\(currency) balances sum to \(stored), but the \(currency) rows that are no transfer leg to \(entered)\(by)"))
        }
        return LedgerCheck(
            name: .conservation,
            rule: "per currency, the sum of all balances = the sum of the rows that are no transfer leg (imports, order payments and voids, "
                + "seeds): transfers only move money",
            counted: [
                .init(balances.values.reduce(0) { $0 &+ $1.count }, "accounts"),
                .init(outside.values.reduce(0) { $0 &+ $1.count }, "rows that are no transfer leg"), .init(Int64(balances.count), "currencies"),
            ],
            violations: violations)
    }
}
