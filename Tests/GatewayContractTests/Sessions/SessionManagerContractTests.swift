import Domain
import Foundation
import GatewayTestSupport
import TestSupport
import Testing

@Suite("SessionManager contract")
struct SessionManagerContractTests {
    let now = Date(timeIntervalSince1970: 1_795_000_000)

    func session(_ digest: String, _ user: String, expiresIn seconds: TimeInterval = 3600) -> Session {
        Session(tokenDigest: digest, userID: UserID(user), createdAt: now, expiresAt: now.addingTimeInterval(seconds))
    }

    @Test("sessions are found by digest only; revoke marks once; revokeAll covers a user's active ones", arguments: Backend.allCases)
    func sessions(backend: Backend) throws {
        let store = try backend.makeStore()
        let users = store.gateway.users
        let sessions = store.gateway.sessions
        let user = User(id: UserID("u_1"), name: "N", email: "a@example.com", passwordHash: "x", createdAt: now)
        let account = Account(id: AccountID("a_u_1"), ownerID: user.id, name: "Main Account", currency: .cad, createdAt: now)
        _ = try users.register(user, firstSession: session("d1", "u_1"), firstAccount: account)
        try sessions.insert(session("d2", "u_1"))
        try sessions.insert(session("d3", "u_1", expiresIn: -10))
        #expect(try sessions.revoke(tokenDigest: "d1", at: now) == true)
        #expect(try sessions.revoke(tokenDigest: "d1", at: now) == false)
        #expect(try sessions.fetch(tokenDigest: "d1")?.revokedAt == now)
        #expect(try sessions.fetch(tokenDigest: "d1")?.isActive(at: now) == false)
        #expect(try sessions.revokeAll(userID: UserID("u_1"), at: now, keeping: nil) == ["d2"])
        #expect(try sessions.fetch(tokenDigest: "d2")?.revokedAt == now)
        #expect(try sessions.fetch(tokenDigest: "d3")?.revokedAt == nil)
        #expect(try sessions.fetch(tokenDigest: "nope") == nil)
    }

    @Test("purge deletes at most its batch of sessions expired at the date, revoked or not, and keeps the live ones", arguments: Backend.allCases)
    func purgeExpired(backend: Backend) throws {
        let store = try backend.makeStore()
        let sessions = store.gateway.sessions
        // The three test owners' first sessions expired long ago: with these two, five to purge.
        try sessions.insert(session("gone", "u_alice", expiresIn: -10))
        try sessions.insert(session("at-expiry", "u_bob", expiresIn: 0))
        try sessions.insert(session("live", "u_alice"))
        try sessions.insert(session("revoked-live", "u_bob"))
        _ = try sessions.revoke(tokenDigest: "revoked-live", at: now)
        #expect(try sessions.purge(expiredAt: now, limit: 0) == 0)
        #expect(try sessions.purge(expiredAt: now, limit: 2) == 2)
        #expect(try sessions.purge(expiredAt: now, limit: 2) == 2)
        #expect(try sessions.purge(expiredAt: now, limit: 2) == 1)
        #expect(try sessions.purge(expiredAt: now, limit: 2) == 0)
        #expect(try sessions.fetch(tokenDigest: "gone") == nil)
        #expect(try sessions.fetch(tokenDigest: "at-expiry") == nil)
        #expect(try sessions.fetch(tokenDigest: "live")?.isActive(at: now) == true)
        #expect(try sessions.fetch(tokenDigest: "revoked-live")?.revokedAt == now)
        #expect(try store.rowCount(in: "sessions") == 2)
    }

    @Test("a session of nobody's account, or with a digest in use, is refused", arguments: Backend.allCases)
    func refusedInserts(backend: Backend) throws {
        let store = try backend.makeStore()
        #expect(throws: GatewayError.self) { try store.gateway.sessions.insert(session("d-ghost", "u_ghost")) }
        #expect(throws: GatewayError.self) { try store.gateway.sessions.insert(session("digest-u_alice", "u_bob")) }
        #expect(try store.gateway.sessions.fetch(tokenDigest: "digest-u_alice")?.userID == UserID("u_alice"))
    }

    @Test("a revocation made on one connection is seen at once on another", arguments: Backend.allCases)
    func revocationIsShared(backend: Backend) throws {
        let store = try backend.makeStore()
        let other = try store.independentGateway()
        try store.gateway.sessions.insert(session("d1", "u_alice"))
        #expect(try other.sessions.fetch(tokenDigest: "d1")?.isActive(at: now) == true)
        #expect(try store.gateway.sessions.revoke(tokenDigest: "d1", at: now))
        #expect(try other.sessions.fetch(tokenDigest: "d1")?.isActive(at: now) == false)
    }

    @Test("concurrent revokes of one session on separate connections: exactly one reports the revocation", arguments: Backend.allCases)
    func concurrentRevokes(backend: Backend) throws {
        let store = try backend.makeStore()
        let gateways = [store.gateway, try store.independentGateway(), try store.independentGateway()]
        try store.gateway.sessions.insert(session("d1", "u_alice"))
        let revoked = Locked<[Bool]>([])
        let failures = Locked<[String]>([])
        let now = self.now
        Threads.run(count: 12) { index in
            do {
                let outcome = try gateways[index % gateways.count].sessions.revoke(tokenDigest: "d1", at: now.addingTimeInterval(Double(index)))
                revoked.withValue { $0.append(outcome) }
            } catch {
                failures.withValue { $0.append(String(describing: error)) }
            }
        }
        #expect(failures.current.isEmpty)
        #expect(revoked.current.count == 12)
        #expect(revoked.current.filter { $0 }.count == 1)
    }
}
