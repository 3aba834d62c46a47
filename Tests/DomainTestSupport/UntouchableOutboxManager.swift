import Domain
import Foundation
import Testing

/// An OutboxManager whose every method records an issue and answers an empty value: a test double
/// conforms to it and writes only the methods its test uses, so a method the Manager gains later
/// changes no double (they inherit this one), and a call the test did not expect fails it.
public protocol UnimplementedOutboxManager: OutboxManager {}

extension UnimplementedOutboxManager {
    private func reached(_ call: String) { Issue.record("storage reached: outbox \(call)") }

    public func events(of user: UserID, after position: Int64, limit: Int) throws -> [StoredEvent] {
        reached("events")
        return []
    }
    public func lastPosition(of user: UserID) throws -> Int64? {
        reached("lastPosition")
        return nil
    }
    public func purgeEvents(createdBefore date: Date, limit: Int) throws -> Int {
        reached("purgeEvents")
        return 0
    }
    public func leaseDueMail(owner: String, now: Date, until: Date, limit: Int) throws -> [MailRecord] {
        reached("leaseDueMail")
        return []
    }
    public func finishAttempt(id: String, owner: String, state: MailState, error: String?, nextAttemptAt: Date, at date: Date) throws -> Bool {
        reached("finishAttempt")
        return false
    }
    public func releaseAllLeases() throws -> Int {
        reached("releaseAllLeases")
        return 0
    }
    public func recentMail(limit: Int) throws -> [MailRecord] {
        reached("recentMail")
        return []
    }
    public func purgeMail(createdBefore date: Date, limit: Int) throws -> Int {
        reached("purgeMail")
        return 0
    }
}

/// Fails the test when any outbox storage call happens.
public struct UntouchableOutboxManager: UnimplementedOutboxManager {
    public init() {}
}
