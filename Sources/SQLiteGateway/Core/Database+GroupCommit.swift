import CSQLite
import Foundation
import SQLRows

/// Group commit: at `synchronous=FULL` every commit waits for an fsync, so the writes that arrive
/// together share one transaction and one commit instead of paying one each.
///
/// The guarantees of a write of its own are kept: each write runs in a savepoint, and a write
/// that throws (a constraint, a refusal, a storage fault) is rolled back to it, alone; the others
/// still commit. A write's call returns only after the commit that holds its work succeeded; if
/// that commit fails, every write of the group gets the error and none of their work is kept.
/// The bodies run one after another on the one writer connection, so a write that reads then
/// writes (a funds check, a counter) sees the writes before it in the group, exactly as it would
/// have seen them committed.
extension Database {
    /// The savepoint around each write of a group; rolling back to it undoes that write alone.
    private static let savepoint = "SAVEPOINT group_commit_write"
    private static let releaseSavepoint = "RELEASE group_commit_write"
    private static let rollbackToSavepoint = "ROLLBACK TO group_commit_write"

    /// Runs `group` on the writer in one transaction and commits it, recording in each write
    /// whether its work is committed or why not. Never throws: failures belong to the writes.
    func runGroup(_ group: [PendingWrite<SQLiteConnection>]) {
        writerLock.lock()
        defer {
            signalOutboxAppends()
            writerLock.unlock()
        }
        guard group.count > 1 else {
            // A write alone: exactly the transaction it had before grouping, without savepoint.
            if let write = group.first { runAlone(write) }
            return
        }
        // The writes whose work is in the open transaction, waiting for its commit.
        var held: [PendingWrite<SQLiteConnection>] = []
        for write in group {
            if writer.isAutocommit {
                // The first write, or SQLite ended the transaction itself after a storage fault
                // (the writes it held were failed with that fault then): start afresh.
                do {
                    try writer.statement("BEGIN IMMEDIATE").run()
                } catch {
                    noteFault(error)
                    write.fail(error)
                    continue
                }
            }
            do {
                try writer.statement(Self.savepoint).run()
            } catch {
                noteFault(error)
                write.fail(error)
                continue
            }
            do {
                try write.run(on: writer)
                writer.resetBusyStatements()
                try checkNoDeferredViolation()
                try writer.statement(Self.releaseSavepoint).run()
                held.append(write)
            } catch {
                noteFault(error)
                writer.resetBusyStatements()
                write.fail(error)
                undo(write: error, holding: &held)
            }
        }
        guard !writer.isAutocommit else { return }
        do {
            try indexPendingContacts()
            try writer.statement("COMMIT").run()
            faultLock.withLock { storageFault = nil }
            if !held.isEmpty { recordCommit(of: held.count) }
        } catch {
            noteFault(error)
            writer.resetBusyStatements()
            if !writer.isAutocommit {
                _ = try? writer.statement("ROLLBACK").run()
            }
            for write in held { write.fail(error) }
        }
    }

    /// Runs one write in a transaction of its own: `BEGIN IMMEDIATE`, its body, `COMMIT`, or
    /// `ROLLBACK` when any of them fails. The caller holds `writerLock`.
    func runAlone(_ write: PendingWrite<SQLiteConnection>) {
        do {
            try writer.statement("BEGIN IMMEDIATE").run()
        } catch {
            noteFault(error)
            write.fail(error)
            return
        }
        do {
            try write.run(on: writer)
            writer.resetBusyStatements()
            try indexPendingContacts()
            try writer.statement("COMMIT").run()
            faultLock.withLock { storageFault = nil }
            recordCommit(of: 1)
        } catch {
            noteFault(error)
            writer.resetBusyStatements()
            // SQLite may have rolled back by itself (disk full, I/O error); rolling back twice fails.
            if !writer.isAutocommit {
                _ = try? writer.statement("ROLLBACK").run()
            }
            write.fail(error)
        }
    }

    /// Undoes the work of a write that failed with `error`, leaving the rest of the transaction.
    private func undo(write error: any Error, holding held: inout [PendingWrite<SQLiteConnection>]) {
        if !writer.isAutocommit {
            do {
                try writer.statement(Self.rollbackToSavepoint).run()
                try writer.statement(Self.releaseSavepoint).run()
                return
            } catch {
                // Its savepoint cannot be undone alone: give up the whole transaction below.
                _ = try? writer.statement("ROLLBACK").run()
            }
        }
        // The transaction is gone (SQLite rolls it back itself on some storage faults), and with
        // it the work of the writes before: they fail too rather than report unkept work.
        for earlier in held { earlier.fail(error) }
        held.removeAll()
    }

    /// Throws when the write left a deferred foreign-key violation: it would only surface at
    /// `COMMIT` and fail the whole group, so it is charged to the write that made it.
    private func checkNoDeferredViolation() throws {
        var current: Int32 = 0
        var highest: Int32 = 0
        guard sqlite3_db_status(writer.handle, SQLITE_DBSTATUS_DEFERRED_FKS, &current, &highest, 0) == SQLITE_OK, current == 0 else {
            // SQLITE_CONSTRAINT_FOREIGNKEY, a C macro Swift does not import: what COMMIT would say.
            throw SQLiteError(code: SQLITE_CONSTRAINT | (3 << 8), message: "FOREIGN KEY constraint failed (deferred)")
        }
    }
}
