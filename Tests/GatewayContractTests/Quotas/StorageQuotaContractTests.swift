import Domain
import Foundation
import GatewayTestSupport
import Testing

/// The per-user quotas on both gateways: a write past one is refused with
/// `GatewayError.quotaExceeded` and stores nothing, room comes back when something is deleted (or
/// a draft expires), another owner is not affected, and a parallel burst cannot beat a quota.
@Suite("storage quotas")
struct StorageQuotaContractTests {
    static let quotas = StorageQuotas(contacts: 3, accounts: 2, openDrafts: 2)
    static let refusedContacts = GatewayError.quotaExceeded(QuotaExceeded(kind: .contacts, limit: 3))

    @Test("the contact past the quota is refused and not stored; a deletion makes room; another owner is unaffected", arguments: Backend.allCases)
    func contacts(backend: Backend) throws {
        let store = try backend.makeStore(quotas: Self.quotas)
        defer { withExtendedLifetime(store) {} }
        let contacts = store.gateway.contacts
        for index in 0..<3 { try contacts.insert(.fixture(id: "c_\(index)", lastName: "N\(index)")) }
        #expect(throws: Self.refusedContacts) { try contacts.insert(.fixture(id: "c_3", lastName: "N3")) }
        #expect(try contacts.fetch(id: ContactID("c_3"), owner: UserID("u_alice")) == nil)
        try contacts.insert(.fixture(id: "c_bob", owner: "u_bob", lastName: "Bob"))
        #expect(try contacts.delete(id: ContactID("c_0"), owner: UserID("u_alice"), at: Date(timeIntervalSince1970: 1_795_000_000)))
        try contacts.insert(.fixture(id: "c_4", lastName: "N4"))
        #expect(throws: Self.refusedContacts) { try contacts.insert(.fixture(id: "c_5", lastName: "N5")) }
    }

    @Test("a parallel burst of one owner's contacts stores exactly the quota", arguments: Backend.allCases)
    func contactBurst(backend: Backend) throws {
        let store = try backend.makeStore(quotas: Self.quotas)
        defer { withExtendedLifetime(store) {} }
        let contacts = store.gateway.contacts
        let stored = Locked(0)
        DispatchQueue.concurrentPerform(iterations: 24) { index in
            if (try? contacts.insert(.fixture(id: "c_\(index)", lastName: "N\(index)"))) != nil { stored.withValue { $0 += 1 } }
        }
        #expect(stored.current == 3)
        #expect(try contacts.list(owner: UserID("u_alice"), matching: nil, after: nil, limit: 100).count == 3)
    }

    @Test("accounts count the one every user gets; the account past the quota is refused", arguments: Backend.allCases)
    func accounts(backend: Backend) throws {
        let store = try backend.makeStore(quotas: Self.quotas)
        defer { withExtendedLifetime(store) {} }
        let accounts = store.gateway.accounts
        let date = Date(timeIntervalSince1970: 1_700_000_000)
        try accounts.insert(Account(id: AccountID("a_second"), ownerID: UserID("u_alice"), name: "Second", currency: .cad, createdAt: date))
        #expect(throws: GatewayError.quotaExceeded(QuotaExceeded(kind: .accounts, limit: 2))) {
            try accounts.insert(Account(id: AccountID("a_third"), ownerID: UserID("u_alice"), name: "Third", currency: .cad, createdAt: date))
        }
        #expect(try accounts.fetch(id: AccountID("a_third")) == nil)
        try accounts.insert(Account(id: AccountID("a_bob_2"), ownerID: UserID("u_bob"), name: "Second", currency: .cad, createdAt: date))
    }

    @Test("only unexpired drafts count against the open-draft quota", arguments: Backend.allCases)
    func drafts(backend: Backend) throws {
        let store = try backend.makeStore(quotas: Self.quotas)
        defer { withExtendedLifetime(store) {} }
        let drafts = store.gateway.transferDrafts
        let start = Date(timeIntervalSince1970: 1_700_000_000)
        func draft(_ id: String, at date: Date) -> TransferDraftState {
            TransferDraftState(
                id: TransferDraftID(id), ownerID: UserID("u_alice"), fromAccountID: AccountID("a_u_alice"), currency: .cad,
                createdAt: date, expiresAt: date.addingTimeInterval(3600))
        }
        try drafts.insert(draft("d_1", at: start))
        try drafts.insert(draft("d_2", at: start))
        #expect(throws: GatewayError.quotaExceeded(QuotaExceeded(kind: .drafts, limit: 2))) { try drafts.insert(draft("d_3", at: start)) }
        try drafts.insert(draft("d_4", at: start.addingTimeInterval(3601)))
    }

    @Test("without quotas nothing is refused", arguments: Backend.allCases)
    func none(backend: Backend) throws {
        let store = try backend.makeStore(quotas: StorageQuotas())
        defer { withExtendedLifetime(store) {} }
        for index in 0..<5 { try store.gateway.contacts.insert(.fixture(id: "c_\(index)", lastName: "N\(index)")) }
    }
}
