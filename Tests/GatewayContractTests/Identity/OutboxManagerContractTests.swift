import Domain
import Foundation
import GatewayTestSupport
import TestSupport
import Testing

@Suite("OutboxManager contract")
struct OutboxManagerContractTests {
    let now = Date(timeIntervalSince1970: 1_795_000_000)

    func queue(_ store: Store, count: Int, to user: String = "u_alice") throws -> [String] {
        var ids: [String] = []
        for index in 0..<count {
            let id = "m_\(index)_\(UUID().uuidString.prefix(8))"
            ids.append(id)
            try store.gateway.identity.append(Notice(
                event: OutboxEvent(userID: UserID(user), type: .registrationAttempted, createdAt: now),
                mail: MailRequest(id: id, kind: .registrationAttempt, recipient: "\(user)@example.com", recipientName: "A", language: "en", secret: "s\(index)", createdAt: now)))
        }
        return ids
    }

    @Test("events take their user's positions in order; a reader resumes after a position", arguments: Backend.allCases)
    func positions(backend: Backend) throws {
        let store = try backend.makeStore()
        _ = try queue(store, count: 3)
        _ = try queue(store, count: 1, to: "u_bob")
        #expect(try store.gateway.outbox.events(of: UserID("u_alice"), after: 0, limit: 10).map(\.position) == [1, 2, 3])
        #expect(try store.gateway.outbox.events(of: UserID("u_alice"), after: 2, limit: 10).map(\.position) == [3])
        #expect(try store.gateway.outbox.events(of: UserID("u_bob"), after: 0, limit: 10).map(\.position) == [1])
    }

    @Test("each due message is leased by one worker of many, across gateways; a finished one is never leased again", arguments: Backend.allCases)
    func leasesAreExclusive(backend: Backend) throws {
        let store = try backend.makeStore()
        let ids = try queue(store, count: 40)
        let gateways = [store.gateway, try store.independentGateway(), try store.independentGateway()]
        let taken = Locked<[String]>([])
        let now = self.now
        Threads.run(count: 6) { index in
            let outbox = gateways[index % gateways.count].outbox
            while true {
                guard let leased = try? outbox.leaseDueMail(owner: "w\(index)", now: now, until: now.addingTimeInterval(60), limit: 3), !leased.isEmpty else { return }
                for record in leased {
                    taken.withValue { $0.append(record.request.id) }
                    _ = try? outbox.finishAttempt(id: record.request.id, owner: "w\(index)", state: .sent, error: nil, nextAttemptAt: now, at: now)
                }
            }
        }
        #expect(taken.current.sorted() == ids.sorted())
        #expect(try store.gateway.outbox.leaseDueMail(owner: "late", now: now.addingTimeInterval(3600), until: now.addingTimeInterval(3700), limit: 10).isEmpty)
        // Delivered: the codes are erased.
        #expect(try store.gateway.outbox.recentMail(limit: 100).allSatisfy { $0.state == .sent && $0.request.secret == nil && $0.attempts == 1 })
    }

    @Test("a lease that ran out is taken again; the first worker's late outcome is refused", arguments: Backend.allCases)
    func expiredLease(backend: Backend) throws {
        let store = try backend.makeStore()
        let outbox = store.gateway.outbox
        let id = try #require(try queue(store, count: 1).first)
        #expect(try outbox.leaseDueMail(owner: "dead", now: now, until: now.addingTimeInterval(30), limit: 5).map(\.request.id) == [id])
        #expect(try outbox.leaseDueMail(owner: "other", now: now.addingTimeInterval(10), until: now.addingTimeInterval(40), limit: 5).isEmpty)
        let again = try outbox.leaseDueMail(owner: "other", now: now.addingTimeInterval(31), until: now.addingTimeInterval(90), limit: 5)
        #expect(again.map(\.request.id) == [id] && again.first?.attempts == 2 && again.first?.request.secret == "s0")
        #expect(try !outbox.finishAttempt(id: id, owner: "dead", state: .sent, error: nil, nextAttemptAt: now, at: now))
        #expect(try outbox.finishAttempt(id: id, owner: "other", state: .queued, error: "451 later", nextAttemptAt: now.addingTimeInterval(100), at: now))
        #expect(try outbox.leaseDueMail(owner: "x", now: now.addingTimeInterval(99), until: now.addingTimeInterval(200), limit: 5).isEmpty)
        let retried = try outbox.leaseDueMail(owner: "x", now: now.addingTimeInterval(100), until: now.addingTimeInterval(200), limit: 5)
        #expect(retried.first?.lastError == "451 later" && retried.first?.request.secret == "s0")
        #expect(try outbox.releaseAllLeases() == 1)
    }
}
