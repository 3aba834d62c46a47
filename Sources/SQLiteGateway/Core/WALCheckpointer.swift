import CSQLite
import Foundation

/// The writer's automatic checkpoint, done as SQLite's own `wal_autocheckpoint` does it and
/// counted for `/metrics`.
///
/// SQLite's default hook runs a PASSIVE checkpoint after any commit that leaves the log with at
/// least 1,000 frames; installing a `sqlite3_wal_hook` replaces that hook, so this one does
/// exactly the same (same threshold, same mode, result ignored) and only adds the counting: how
/// often the checkpoints run, what they copy, what they cost the committing write, and how long
/// the log is. A checkpoint that readers kept from copying everything shows as fewer checkpointed
/// frames than log frames.
final class WALCheckpointer: @unchecked Sendable {
    // @unchecked: `recorded` is only touched while holding `lock`.

    /// What the checkpoints did so far.
    struct Statistics: Equatable {
        var checkpoints = 0
        var checkpointedFrames = 0
        var seconds = 0.0
        /// Frames in the log after the last commit.
        var logFrames = 0
    }

    /// SQLite's `SQLITE_DEFAULT_WAL_AUTOCHECKPOINT`: the log's frames that start a checkpoint.
    static let threshold: Int32 = 1_000

    private let lock = NSLock()
    private var recorded = Statistics()

    /// The counts so far.
    var statistics: Statistics {
        lock.withLock { recorded }
    }

    /// Called by SQLite after each commit on the writer, with the log's frames: checkpoints
    /// `database` as `sqlite3_wal_autocheckpoint`'s hook would.
    fileprivate func committed(on connection: OpaquePointer?, database: UnsafePointer<CChar>?, logFrames: Int32) {
        guard logFrames >= Self.threshold else {
            lock.withLock { recorded.logFrames = Int(logFrames) }
            return
        }
        let start = ContinuousClock.now
        var log: Int32 = -1
        var copied: Int32 = -1
        // What sqlite3_wal_checkpoint(db, zDb) does; its result is ignored there too, a busy or
        // failed checkpoint being retried after the next commit.
        _ = sqlite3_wal_checkpoint_v2(connection, database, SQLITE_CHECKPOINT_PASSIVE, &log, &copied)
        let (seconds, attoseconds) = start.duration(to: .now).components
        lock.withLock {
            recorded.checkpoints += 1
            recorded.checkpointedFrames += Int(max(0, copied))
            recorded.seconds += Double(seconds) + Double(attoseconds) / 1e18
            recorded.logFrames = Int(log >= 0 ? log : logFrames)
        }
    }
}

extension SQLiteConnection {
    /// Replaces SQLite's automatic checkpoint with `checkpointer`'s, which SQLite keeps a pointer
    /// to until the connection is closed: the connection retains it for its life.
    func installCheckpointHook(_ checkpointer: WALCheckpointer) {
        let context = Unmanaged<AnyObject>.passRetained(checkpointer)
        retainedHookContexts.append(context)
        sqlite3_wal_hook(handle, { context, connection, database, logFrames in
            guard let context else { return SQLITE_OK }
            Unmanaged<WALCheckpointer>.fromOpaque(context).takeUnretainedValue()
                .committed(on: connection, database: database, logFrames: logFrames)
            return SQLITE_OK
        }, context.toOpaque())
    }
}
