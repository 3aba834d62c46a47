import Domain
import Foundation

/// Executing and resolving transfers: the same steps on both gateways, inside the write
/// transaction each opens. What keeps the funds check and the debit from interleaving with
/// another writer's is the gateway's: SQLite's one writer, or PostgreSQL's row locks, taken first
/// by `lockAccounts` in account-id order (the order every balance-dependent write uses), so two
/// transfers in opposite directions cannot deadlock. Every lock a transfer takes follows one
/// order: accounts (by id), then the sender's `users` row (the pending quota), then the users
/// rows of the outbox (by id), then, last, its key's idempotency record (which only another
/// request with the same key, holding no other lock, ever waits for).
public enum TransferSteps {
    /// One transfer, with `TransferRow.values(of:)`.
    public static let insert = TransferRow.insert
    /// The source's available funds: its stored balance plus the credit limit, less what its
    /// pending transfers hold; no row when the account is gone. Read inside the write, after the
    /// locks, so nobody can move the balance or the holds between this check and the debit.
    public static let available = "SELECT credit_limit + balance - pending_debits FROM accounts WHERE id = ?1"
    /// Deletes at most once: a concurrent consumer of the same draft waits for its turn (or the
    /// row lock), then finds the row gone and deletes nothing.
    public static let consumeDraft = "DELETE FROM transfer_drafts WHERE id = ?1 AND owner_id = ?2 AND expires_at > ?3"
    /// Both accounts of a transfer, locked until the write commits, in id order.
    public static let lockAccounts = "SELECT id FROM accounts WHERE id IN (?1, ?2) ORDER BY id FOR UPDATE"
    /// How many pending transfers the sender has, for the pending quota.
    public static let pendingCount = "SELECT count(*) FROM transfers WHERE owner_id = ?1 AND status = 'pending'"
    /// A transfer by id, whatever its status (re-read after the locks).
    public static let fetchAny = "SELECT \(TransferRow.columns) FROM transfers WHERE id = ?1"
    /// Names the transfer in the record of the key its request holds (?1 owner, ?2 key, ?3
    /// transfer, ?4 the request's fingerprint), in the transfer's own transaction: a retry after a
    /// crash that lost the response resumes with it (`IdempotencyReservation.resumed`). Only the
    /// request's own reservation is named: one another request took over has another fingerprint.
    public static let recordInKey = """
        UPDATE idempotency_records SET transfer_id = ?3 WHERE owner_id = ?1 AND key = ?2 AND state = 'in_flight' AND fingerprint = ?4
        """
    /// A completed transfer's two legs, only while the source's funds (its stored balance plus
    /// the credit limit, less its holds; ?15 the source) cover the amount (?16): the funds check
    /// of a transfer that reads nothing first (`executeUnread`).
    public static let insertLegsIfFunded = TransactionRow.insertPair(
        where: "(SELECT credit_limit + balance - pending_debits FROM accounts WHERE id = ?15) >= ?16")
    /// A transfer's events, only once the transfer is in (?5 its id).
    public static let appendEventAfterTransfer = OutboxSteps.appendEvent(where: "EXISTS (SELECT 1 FROM transfers WHERE id = ?5)")
    /// `recordInKey`, only once the transfer is in.
    public static let recordInKeyAfterTransfer = recordInKey + " AND EXISTS (SELECT 1 FROM transfers WHERE id = ?3)"

    /// What fails a transfer whose legs' insert found the funds short (`executeUnread`); the
    /// manager answers it as `TransferOutcome.insufficientFunds`. A refusal, not a failure.
    public struct InsufficientFunds: Error, Equatable {
        public init() {}
    }

    /// Moves a transfer out of pending, at most once: a second resolution matches no row.
    /// Parameters: ?1 id, ?2 status, ?3 resolved_at, ?4 cancelled_by, ?5 to_account_id, ?6 debit
    /// id, ?7 credit id.
    public static let resolve = """
        UPDATE transfers SET status = ?2, resolved_at = ?3, cancelled_by = ?4, to_account_id = ?5, debit_transaction_id = ?6, \
        credit_transaction_id = ?7 WHERE id = ?1 AND status = 'pending'
        """

    /// Queues the insert of a movement's legs in order (their `seq` follows it), both of a pair
    /// in one statement (`TransactionRow.insertPair`).
    @inlinable
    static func insertLegs<Connection: SQLConnection>(_ legs: [Transaction], on connection: Connection) throws {
        if legs.count == 2 {
            try connection.enqueue(TransactionRow.insertPair, TransactionRow.values(of: legs[0]) + TransactionRow.values(of: legs[1]))
        } else {
            for leg in legs { try connection.enqueue(TransactionRow.insert, TransactionRow.values(of: leg)) }
        }
    }

    /// Every row `execute` locks for `new`: both accounts, the sender's `users` row (the
    /// pending quota) and the `users` row of each event's user (the outbox position).
    public static func locks(of new: NewTransfer) -> RowLocks {
        let transfer = new.transfer
        return RowLocks(
            accounts: [transfer.fromAccountID, transfer.toAccountID ?? transfer.fromAccountID],
            users: [transfer.ownerID] + new.notices.map(\.event.userID))
    }

    /// Checks the funds, consumes the draft if any, writes both legs (none while pending), the
    /// transfer and its events. A refusal is returned before anything is written, except where
    /// rows are locked (PostgreSQL): a completed transfer without a draft is sent unread
    /// (`executeUnread`) and short funds fail it with `InsufficientFunds`, nothing of it stored.
    /// `locksAccounts`: run `lockAccounts` first (PostgreSQL). `pendingQuota`: the most pending transfers one
    /// sender may have; `ownerLock` locks the sender's row before they are counted.
    @inlinable
    public static func execute<Connection: SQLConnection>(
        _ new: NewTransfer, consuming draft: TransferDraftID?, locksAccounts: Bool, pendingQuota: Int?, ownerLock: String?,
        on connection: Connection
    ) throws -> TransferOutcome {
        let transfer = new.transfer
        // A completed transfer has both legs and mails nobody: nothing it writes needs a read.
        if locksAccounts, transfer.status == .completed, draft == nil, case let legs = new.legs, legs.count == 2,
            case let notices = new.notices, notices.allSatisfy({ $0.mail == nil })
        {
            return try executeUnread(new, legs: (legs[0], legs[1]), events: notices.map(\.event), on: connection)
        }
        if locksAccounts {
            let to = transfer.toAccountID ?? transfer.fromAccountID
            // Nothing reads the locked rows: the lock goes out with the funds read, in one round trip.
            try connection.enqueue(lockAccounts, [.text(transfer.fromAccountID.rawValue), .text(to.rawValue)])
        }
        let available = try connection.rows(available, [.text(transfer.fromAccountID.rawValue)]) { $0.int64(at: 0) }.first
        guard let available, transfer.amount.minor <= available else { return .insufficientFunds }
        if transfer.status == .pending {
            try QuotaCheck.ensureRoom(
                on: connection, .pendingTransfers, limit: pendingQuota, lock: ownerLock, count: pendingCount, [.text(transfer.ownerID.rawValue)])
        }
        if let draft {
            let deleted = try connection.run(consumeDraft, [
                .text(draft.rawValue), .text(transfer.ownerID.rawValue), .integer(Milliseconds.from(transfer.createdAt)),
            ])
            guard deleted == 1 else { return .draftNotFound }
        }
        // Past the checks nothing reads what the writes return: they go out with the commit, and
        // one that fails (a taken id, a balance CHECK) fails the transfer there.
        try insertLegs(new.legs, on: connection)
        try connection.enqueue(insert, TransferRow.values(of: transfer))
        try OutboxSteps.append(new.notices, on: connection)
        // Last: the record's row is the last lock the transfer takes.
        if let request = new.idempotency {
            try connection.enqueue(recordInKey, [
                .text(transfer.ownerID.rawValue), .text(request.key.rawValue), .text(transfer.id.rawValue), .text(request.fingerprint),
            ])
        }
        return .completed(transfer)
    }

    /// `execute` of a completed transfer without a draft (its `legs`, debit first, and `events`,
    /// none with mail), where a read costs a round trip (PostgreSQL): the funds check is the
    /// condition of the legs' insert, and the transfer, its events and its key's record are each
    /// conditional on what came before, so the write reads nothing and goes out whole with its
    /// commit (in a group, with the others'). Short funds are known when the legs' insert is
    /// answered: the write then fails with `InsufficientFunds`, nothing of it stored.
    @inlinable
    static func executeUnread<Connection: SQLConnection>(
        _ new: NewTransfer, legs: (debit: Transaction, credit: Transaction), events: [OutboxEvent], on connection: Connection
    ) throws -> TransferOutcome {
        let transfer = new.transfer
        let from = SQLValue.text(transfer.fromAccountID.rawValue)
        let id = SQLValue.text(transfer.id.rawValue)
        try connection.enqueue(lockAccounts, [from, .text(legs.credit.accountID.rawValue)])
        try connection.enqueue(
            insertLegsIfFunded, TransactionRow.values(of: legs.debit) + TransactionRow.values(of: legs.credit) + [from, .integer(transfer.amount.minor)],
            expectingRows: 2, otherwise: InsufficientFunds())
        try connection.enqueue(TransferRow.insertAfterDebit, TransferRow.values(of: transfer))
        try OutboxSteps.append(events, with: appendEventAfterTransfer, conditionValues: [id], on: connection)
        if let request = new.idempotency {
            try connection.enqueue(recordInKeyAfterTransfer, [.text(transfer.ownerID.rawValue), .text(request.key.rawValue), id, .text(request.fingerprint)])
        }
        return .completed(transfer)
    }

    /// What a resolution does to a pending transfer it found: the transfer it becomes, the legs
    /// it writes and the events it appends.
    public struct Resolution: Sendable {
        public var resolved: Transfer
        public var legs: [Transaction]
        public var events: [OutboxEvent]

        public init(resolved: Transfer, legs: [Transaction] = [], events: [OutboxEvent]) {
            self.resolved = resolved
            self.legs = legs
            self.events = events
        }
    }

    /// Resolves `found` (the transfer as the caller's scoped read saw it; nil: not found) as
    /// `resolution` makes it, if it is still pending and not past its end at `now`; one past its
    /// end is expired instead, and reported as already resolved. `claimAccount` is locked with
    /// the source (the claimant's account, PostgreSQL).
    @inlinable
    public static func resolve<Connection: SQLConnection>(
        _ found: Transfer?, at now: Date, claimAccount: AccountID? = nil, locksAccounts: Bool, on connection: Connection,
        _ resolution: (Transfer) -> Resolution
    ) throws -> TransferResolutionOutcome {
        guard var transfer = found else { return .notFound }
        if locksAccounts {
            let other = claimAccount ?? transfer.fromAccountID
            try connection.enqueue(lockAccounts, [.text(transfer.fromAccountID.rawValue), .text(other.rawValue)])
            // Every resolver of this transfer locks its source first: what is read now is final.
            guard let current = try connection.rows(fetchAny, [.text(transfer.id.rawValue)], TransferRow.transfer).first else { return .notFound }
            transfer = current
        }
        guard transfer.status == .pending else { return .alreadyResolved(transfer) }
        // Compared as stored (milliseconds), as the upkeep's query compares: one instant is due
        // for both or for neither.
        if let end = transfer.expiresAt, Milliseconds.from(end) <= Milliseconds.from(now) {
            let expired = try store(expiring(transfer, at: now), on: connection)
            return .alreadyResolved(expired)
        }
        return .resolved(try store(resolution(transfer), on: connection))
    }

    /// `transfer` expired at `now`, with its sender's event.
    @inlinable
    public static func expiring(_ transfer: Transfer, at now: Date) -> Resolution {
        var expired = transfer
        expired.status = .expired
        expired.resolvedAt = now
        return Resolution(resolved: expired, events: [.transferResolved(expired)])
    }

    /// `transfer` cancelled by `party` at `now`, with its sender's event.
    @inlinable
    public static func cancelling(_ transfer: Transfer, by party: TransferParty, at now: Date) -> Resolution {
        var cancelled = transfer
        cancelled.status = .cancelled
        cancelled.cancelledBy = party
        cancelled.resolvedAt = now
        return Resolution(resolved: cancelled, events: [.transferResolved(cancelled)])
    }

    /// Writes the legs, moves the transfer out of pending (its trigger releases the reservation)
    /// and appends the events; fails when the transfer was no longer pending, which the locks
    /// (or SQLite's one writer) rule out.
    @inlinable
    public static func store<Connection: SQLConnection>(_ resolution: Resolution, on connection: Connection) throws -> Transfer {
        let transfer = resolution.resolved
        try insertLegs(resolution.legs, on: connection)
        let changed = try connection.run(resolve, [
            .text(transfer.id.rawValue), .text(transfer.status.rawValue), transfer.resolvedAt.map { .integer(Milliseconds.from($0)) } ?? .null,
            SQLValue(transfer.cancelledBy?.rawValue), SQLValue(transfer.toAccountID?.rawValue), SQLValue(transfer.debitTransactionID?.rawValue),
            SQLValue(transfer.creditTransactionID?.rawValue),
        ])
        guard changed == 1 else { throw GatewayError.failure("transfer \(transfer.id.rawValue) left pending under its locks") }
        try OutboxSteps.append(resolution.events, on: connection)
        return transfer
    }
}
