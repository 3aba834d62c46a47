import Domain
import Foundation
import SQLRows

/// Group commit on PostgreSQL: the writes that declare their locks (`write(locking:_:)`, the
/// transfers and contact creates) and arrive together share one transaction and one commit, as
/// SQLite's do.
///
/// Each commit waits for a WAL flush, and each transfer otherwise holds its users' rows (the
/// outbox position, the pending quota) from its last statements until its own commit: a few
/// senders' transfers queue on those locks one commit at a time. A group instead locks the union
/// of its writes' rows first, in one order (`RowLocks`: accounts by id in byte order, then users
/// by id, the order every write alone takes its locks in), so no two groups of two instances, nor
/// a group and a write alone, can wait on each other in a cycle; then runs each write in a
/// savepoint of its own, so a refused write is undone alone; then commits once.
///
/// A write's call returns only once the commit that holds its work succeeded. When the group's
/// transaction itself fails before its `COMMIT` (a deadlock or serialization failure, a lost
/// session, a savepoint that cannot be undone), nothing of it is kept and each of its writes runs
/// again in a transaction of its own, with the usual retries: a decision one made seeing
/// another's uncommitted work is made again. So does any error of the server's inside the group
/// (a taken id): a write's statements are not sent in a round trip of their own, so the error
/// cannot be charged to one write without running each alone. A session lost with the `COMMIT` on its way fails
/// every write the group held, as it fails a write alone: whether it committed is unknown.
extension PostgresDatabase {
    private static let savepoint = "SAVEPOINT group_commit_write"
    private static let releaseSavepoint = "RELEASE SAVEPOINT group_commit_write"
    private static let rollbackToSavepoint = "ROLLBACK TO SAVEPOINT group_commit_write"

    /// `write`, for a body that locks only rows of `locks`: run in a group with the writes that
    /// queue meanwhile (at most `configuration.groupCommitLimit`), by whichever caller leads.
    @discardableResult
    public func write<T>(locking locks: RowLocks, _ body: (PostgresConnection) throws -> T) throws -> T {
        guard configuration.groupCommitLimit > 1 else { return try write(body) }
        let start = ContinuousClock.now
        defer { record(since: start) }
        let outcome = PendingWrite.perform(locks: locks, body) { pending in
            groupCommitters[lane(of: locks)].submit(pending) { group in runGroup(group) }
        }
        if case .failure(let failure) = outcome { report(failure) }
        return try outcome.get()
    }

    /// The lane of a write that locks `locks`: its first account's (its first user's without
    /// one), by a hash of the id that does not change between runs.
    func lane(of locks: RowLocks) -> Int {
        let key = locks.orderedAccounts.first?.rawValue ?? locks.orderedUsers.first?.rawValue ?? ""
        // FNV-1a.
        var hash: UInt64 = 0xcbf2_9ce4_8422_2325
        for byte in key.utf8 { hash = (hash ^ UInt64(byte)) &* 0x0100_0000_01b3 }
        return Int(hash % UInt64(groupCommitters.count))
    }

    /// Writes queued in every lane, not yet taken by a lead (for tests that form groups on purpose).
    var waitingCount: Int {
        groupCommitters.reduce(0) { $0 + $1.waitingCount }
    }

    /// Runs `group` to its end on one pooled session, recording in each write whether its work
    /// is committed or why not. Never throws: failures belong to the writes.
    func runGroup(_ group: [PendingWrite<PostgresConnection>]) {
        let failures: [(any Error)?]
        do {
            failures = try withConnection { connection in
                guard group.count > 1 else { return group.map { runAlone($0, on: connection) } }
                if let shared = runShared(group, on: connection) { return shared }
                recordAbandonedGroup()
                return group.map { runAlone($0, on: connection) }
            }
        } catch {
            // No session to run on (the server is unreachable): every write fails with that.
            failures = group.map { _ in error }
        }
        for (write, failure) in zip(group, failures) {
            if let failure { write.fail(failure) }
        }
    }

    /// One write in a transaction of its own (`transaction(on:_:)`, retries included); its
    /// failure, or nil once committed.
    private func runAlone(_ write: PendingWrite<PostgresConnection>, on connection: PostgresConnection) -> (any Error)? {
        do {
            try transaction(on: connection) { try write.run(on: $0) }
            return nil
        } catch {
            return error
        }
    }

    /// The writes of `group` in one transaction: the union of their locks, then each in its
    /// savepoint, then one `COMMIT`. Each write's failure, or nil once committed; nil for the
    /// whole group when its transaction failed before the `COMMIT` and nothing of it was kept.
    private func runShared(_ group: [PendingWrite<PostgresConnection>], on connection: PostgresConnection) -> [(any Error)?]? {
        connection.usersToWake.removeAll(keepingCapacity: true)
        var failures: [(any Error)?] = []
        do {
            try begin(on: connection)
            // Nothing reads the locked rows: the locks go out with the first write's first read.
            let locks = group.reduce(RowLocks()) { $0.union($1.locks) }
            for account in locks.orderedAccounts { try connection.enqueue(AccountLocks.lock, [.text(account.rawValue)]) }
            for user in locks.orderedUsers { try connection.enqueue(QuotaCheck.lockOwner, [.text(user.rawValue)]) }
            for (index, write) in group.enumerated() {
                connection.currentWrite = index
                failures.append(try runInSavepoint(write, on: connection))
            }
        } catch {
            rollBack(connection)
            return nil
        }
        do {
            try connection.commitPipeline()
        } catch let error as PostgresError where !error.isTransient || error.isRetryable || connection.commitSkipped {
            // The server refused the commit and rolled the transaction back, or never reached
            // it (a statement before it failed, even as the session ended): nothing was kept.
            rollBack(connection)
            return nil
        } catch {
            // The session was lost with the `COMMIT` on its way: it may have committed, so no
            // write may run again; each fails as a write alone would.
            rollBack(connection)
            return failures.map { $0 ?? error }
        }
        // A write a conditional statement refused stored nothing: it fails with its refusal.
        // Its users are woken with the others' for nothing new, which a stream shrugs off.
        for check in connection.refusals where failures[check.write] == nil {
            failures[check.write] = check.refusal
        }
        recordCommit(of: failures.count { $0 == nil })
        wakeLiveStreams(noted: connection)
        return failures
    }

    /// Runs `write` in the open transaction inside its savepoint: nil when its work is in the
    /// transaction, its own refusal (an error the body threw after its reads, such as a quota)
    /// when that was undone alone. Costs no round trip of its own: its savepoint and what it
    /// queues go out with its first read, or with the next write's, or with the `COMMIT`.
    /// Throws any error of the server's, which ends the whole transaction: an error there cannot
    /// be told apart from the previous write's queued statements without a round trip each, and
    /// is rare (a taken id, a lost session, a deadlock), so every write runs again alone then.
    private func runInSavepoint(_ write: PendingWrite<PostgresConnection>, on connection: PostgresConnection) throws -> (any Error)? {
        let noted = connection.usersToWake.count
        try connection.sendCommand(Self.savepoint)
        do {
            try write.run(on: connection)
            try connection.sendCommand(Self.releaseSavepoint)
            return nil
        } catch let error as PostgresError {
            throw error
        } catch {
            // Its reads succeeded: what it queued since is undone with its savepoint, checked
            // with the next read.
            connection.usersToWake.removeSubrange(noted...)
            try connection.sendCommand(Self.rollbackToSavepoint)
            try connection.sendCommand(Self.releaseSavepoint)
            return error
        }
    }
}
