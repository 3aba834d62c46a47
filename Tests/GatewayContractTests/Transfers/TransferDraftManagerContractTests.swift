import Domain
import Foundation
import GatewayTestSupport
import TestSupport
import Testing

@Suite("TransferDraftManager contract")
struct TransferDraftManagerContractTests {
    let created = Date(timeIntervalSince1970: 1_795_000_000.250)

    func draft(_ id: String = "td_1", owner: String = "u_alice") -> TransferDraftState {
        TransferDraftState(
            id: TransferDraftID(id), ownerID: UserID(owner), fromAccountID: AccountID("a_\(owner)"), currency: .cad, createdAt: created,
            expiresAt: created.addingTimeInterval(86_400))
    }

    @Test("a draft is fetched by its owner only, and not at or after its expiry", arguments: Backend.allCases)
    func scopedAndExpiring(backend: Backend) throws {
        let store = try backend.makeStore()
        let drafts = store.gateway.transferDrafts
        try drafts.insert(draft())
        #expect(try drafts.fetch(id: TransferDraftID("td_1"), owner: UserID("u_alice"), at: created) == draft())
        #expect(try drafts.fetch(id: TransferDraftID("td_1"), owner: UserID("u_bob"), at: created) == nil)
        #expect(try drafts.fetch(id: TransferDraftID("td_1"), owner: UserID("u_alice"), at: created.addingTimeInterval(86_399)) != nil)
        #expect(try drafts.fetch(id: TransferDraftID("td_1"), owner: UserID("u_alice"), at: created.addingTimeInterval(86_400)) == nil)
    }

    @Test("each step persists with its version bumped; a stale version, another owner or an expired draft change nothing", arguments: Backend.allCases)
    func updates(backend: Backend) throws {
        let store = try backend.makeStore()
        let drafts = store.gateway.transferDrafts
        try drafts.insert(draft())
        var next = draft()
        next.amountMinor = 1_234
        #expect(try drafts.update(next, at: created))
        next.version = 2
        next.recipient = .contact(ContactID("c_1"))
        next.memo = "rent"
        #expect(try drafts.update(next, at: created))
        let stored = try #require(try drafts.fetch(id: next.id, owner: next.ownerID, at: created))
        #expect(stored.amountMinor == 1_234 && stored.recipient == .contact(ContactID("c_1")) && stored.memo == "rent" && stored.version == 3)
        #expect(stored.missing.isEmpty)
        var stale = next
        stale.amountMinor = 1
        #expect(try !drafts.update(stale, at: created))
        var current = stored
        current.amountMinor = 1
        current.ownerID = UserID("u_bob")
        #expect(try !drafts.update(current, at: created))
        current.ownerID = UserID("u_alice")
        #expect(try !drafts.update(current, at: created.addingTimeInterval(86_400)))
        #expect(try drafts.fetch(id: next.id, owner: next.ownerID, at: created)?.amountMinor == 1_234)
    }

    @Test("of many concurrent steps from the same version exactly one applies", arguments: Backend.allCases)
    func concurrentSteps(backend: Backend) throws {
        let store = try backend.makeStore()
        let gateways = [store.gateway, try store.independentGateway()]
        try store.gateway.transferDrafts.insert(draft())
        let applied = Locked(0)
        let errors = Locked<[String]>([])
        Threads.run(count: 10) { index in
            var step = draft()
            step.amountMinor = Int64(100 + index)
            if errors.recording({ try gateways[index % 2].transferDrafts.update(step, at: created) }) == true { applied.withValue { $0 += 1 } }
        }
        #expect(errors.current.isEmpty, "\(errors.current)")
        #expect(applied.current == 1)
        #expect(try store.gateway.transferDrafts.fetch(id: TransferDraftID("td_1"), owner: UserID("u_alice"), at: created)?.version == 2)
    }

    @Test("purge deletes at most its batch of drafts expired at the date, whoever owns them, and keeps the live ones", arguments: Backend.allCases)
    func purgeExpired(backend: Backend) throws {
        let store = try backend.makeStore()
        let drafts = store.gateway.transferDrafts
        try drafts.insert(draft("td_1"))
        try drafts.insert(draft("td_2", owner: "u_bob"))
        var later = draft("td_3")
        later.expiresAt = created.addingTimeInterval(86_400 + 3600)
        try drafts.insert(later)
        let expiry = created.addingTimeInterval(86_400)
        #expect(try drafts.purge(expiredAt: expiry.addingTimeInterval(-1), limit: 10) == 0)
        #expect(try drafts.purge(expiredAt: expiry, limit: 1) == 1)
        #expect(try drafts.purge(expiredAt: expiry, limit: 10) == 1)
        #expect(try drafts.purge(expiredAt: expiry, limit: 10) == 0)
        #expect(try store.rowCount(in: "transfer_drafts") == 1)
        #expect(try drafts.fetch(id: TransferDraftID("td_3"), owner: UserID("u_alice"), at: expiry) == later)
    }

    @Test("delete removes the owner's draft only", arguments: Backend.allCases)
    func deletes(backend: Backend) throws {
        let store = try backend.makeStore()
        let drafts = store.gateway.transferDrafts
        try drafts.insert(draft())
        #expect(try !drafts.delete(id: TransferDraftID("td_1"), owner: UserID("u_bob")))
        #expect(try drafts.delete(id: TransferDraftID("td_1"), owner: UserID("u_alice")))
        #expect(try drafts.fetch(id: TransferDraftID("td_1"), owner: UserID("u_alice"), at: created) == nil)
        #expect(try !drafts.delete(id: TransferDraftID("td_1"), owner: UserID("u_alice")))
    }
}
