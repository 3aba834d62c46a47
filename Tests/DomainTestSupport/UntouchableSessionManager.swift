import Domain
import Foundation
import Testing

/// A SessionManager whose every method records an issue and answers an empty value: a test double
/// conforms to it and writes only the methods its test uses, so a method the Manager gains later
/// changes no double (they inherit this one), and a call the test did not expect fails it.
public protocol UnimplementedSessionManager: SessionManager {}

extension UnimplementedSessionManager {
    private func reached(_ call: String) { Issue.record("storage reached: sessions \(call)") }

    public func insert(_ session: Session) throws { reached("insert") }
    public func fetch(tokenDigest: String) throws -> Session? {
        reached("fetch")
        return nil
    }
    public func revoke(tokenDigest: String, at: Date) throws -> Bool {
        reached("revoke")
        return false
    }
    public func revokeAll(userID: UserID, at: Date, keeping: String?) throws -> [String] {
        reached("revokeAll")
        return []
    }
    public func rotate(_ rotation: SessionRotation) throws -> SessionRotationResult {
        reached("rotate")
        return .refused
    }
    public func touch(tokenDigest: String, at date: Date, expiresAt: Date, unusedSince: Date) throws -> Bool {
        reached("touch")
        return false
    }
    public func list(userID: UserID, activeAt date: Date, limit: Int) throws -> [Session] {
        reached("list")
        return []
    }
    public func purge(expiredAt date: Date, limit: Int) throws -> Int {
        reached("purge")
        return 0
    }
    public func insertEventTicket(_ ticket: EventTicket, limit: Int, at now: Date) throws -> Bool {
        reached("insertEventTicket")
        return false
    }
    public func redeemEventTicket(digest: String, at now: Date) throws -> EventTicket? {
        reached("redeemEventTicket")
        return nil
    }
    public func sessionActiveUntil(key: String, at now: Date) throws -> Date? {
        reached("sessionActiveUntil")
        return nil
    }
    public func purgeEventTickets(expiredAt date: Date, limit: Int) throws -> Int {
        reached("purgeEventTickets")
        return 0
    }
}

/// Fails the test when any session storage call happens.
public struct UntouchableSessionManager: UnimplementedSessionManager {
    public init() {}
}
