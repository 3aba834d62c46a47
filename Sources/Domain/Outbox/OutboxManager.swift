import Foundation

/// The outbox of events and the mail queue: what the changes appended (the managers that make
/// the changes write them), read by the delivery worker, the operators' commands and the purge.
public protocol OutboxManager: Sendable {
    /// The user's events after `position`, in order, at most `limit`.
    func events(of user: UserID, after position: Int64, limit: Int) throws -> [StoredEvent]

    /// The position of `user`'s newest event (0 before the first); nil for no such user.
    func lastPosition(of user: UserID) throws -> Int64?

    /// Deletes at most `limit` events created before `date` (the retention period).
    func purgeEvents(createdBefore date: Date, limit: Int) throws -> Int

    /// Takes up to `limit` due messages (queued, next attempt at or before `now`, not leased or
    /// whose lease ended) for `owner` until `until`: no other worker, here or on another
    /// instance, takes them meanwhile.
    func leaseDueMail(owner: String, now: Date, until: Date, limit: Int) throws -> [MailRecord]

    /// Records the end of an attempt on a message leased by `owner`, and ends the lease: `state`
    /// `.sent`, `.logged` or `.failed` erase the code it carries; `.queued` schedules the next
    /// attempt at `nextAttemptAt`. False when the lease was lost (another worker took it after it
    /// ended): nothing is written.
    @discardableResult
    func finishAttempt(id: String, owner: String, state: MailState, error: String?, nextAttemptAt: Date, at: Date) throws -> Bool

    /// Ends every lease, of any worker: only for a store one process alone delivers from
    /// (SQLite), at its start, so messages a killed predecessor had leased go out at once
    /// instead of when their leases run out. Returns how many.
    func releaseAllLeases() throws -> Int

    /// The newest messages, newest first, at most `limit` (`viperd mail list`).
    func recentMail(limit: Int) throws -> [MailRecord]

    /// Deletes at most `limit` finished messages created before `date`.
    func purgeMail(createdBefore date: Date, limit: Int) throws -> Int
}
