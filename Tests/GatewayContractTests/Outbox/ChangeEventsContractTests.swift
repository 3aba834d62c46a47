import Domain
import Foundation
import GatewayTestSupport
import TestSupport
import Testing

/// Every change a person should hear about appends its event in the change's own transaction:
/// a change that stored nothing appends nothing.
@Suite("Change events contract")
struct ChangeEventsContractTests {
    let alice = UserID("u_alice")
    let bob = UserID("u_bob")

    func types(_ store: Store, of user: UserID) throws -> [String] {
        try store.gateway.outbox.events(of: user, after: 0, limit: 100).map(\.type)
    }

    func payloads(_ store: Store, of user: UserID) throws -> [String] {
        try store.gateway.outbox.events(of: user, after: 0, limit: 100).map(\.payload)
    }

    @Test("a transfer to another user tells both, the recipient without the sender's account; one between own accounts tells the owner once", arguments: Backend.allCases)
    func transfers(backend: Backend) throws {
        let store = try backend.makeStore()
        try store.addAccount("a_savings")
        try store.fund("a_u_alice", 10_000)
        let transfers = store.gateway.transfers
        #expect(Self.isCompleted(try transfers.execute(.fixture(id: "tr_1", to: "a_u_bob", amount: 2_550, recipient: "u_bob"))))
        #expect(Self.isCompleted(try transfers.execute(.fixture(id: "tr_2", to: "a_savings", amount: 50))))
        #expect(try types(store, of: alice) == ["transfer.sent", "transfer.sent"])
        #expect(try types(store, of: bob) == ["transfer.received"])
        let received = try payloads(store, of: bob)
        #expect(received == [#"{"amountMinor":"2550","creditTransactionId":"tr_1_credit","currency":"CAD","toAccountId":"a_u_bob","transferId":"tr_1"}"#])
        #expect(try payloads(store, of: alice).first?.contains(#""fromAccountId":"a_u_alice""#) == true)
    }

    @Test("a refused transfer and a transfer failing halfway append no event", arguments: Backend.allCases)
    func refusedTransfers(backend: Backend) throws {
        let store = try backend.makeStore()
        try store.fund("a_u_alice", 999)
        #expect(try store.gateway.transfers.execute(.fixture(id: "tr_1", to: "a_u_bob", amount: 1_000, recipient: "u_bob")) == .insufficientFunds)
        #expect(throws: GatewayError.self) {
            try store.gateway.transfers.execute(.fixture(id: "tr_2", to: "a_u_bob", amount: 10, creditID: "import_a_u_alice_999", recipient: "u_bob"))
        }
        #expect(try types(store, of: alice).isEmpty && types(store, of: bob).isEmpty)
    }

    @Test("concurrent transfers between two users in both directions, over two gateways, all complete and each appends both events", arguments: Backend.allCases)
    func crossingTransfers(backend: Backend) throws {
        let store = try backend.makeStore()
        try store.addAccount("a_alice2")
        try store.addAccount("a_bob2", owner: "u_bob")
        try store.fund("a_u_alice", 100_000)
        try store.fund("a_bob2", 100_000)
        let gateways = [store.gateway, try store.independentGateway()]
        let failures = Locked<[String]>([])
        // Alice pays bob from one pair of accounts while bob pays alice from another: no account
        // is shared, so only the users' rows could order the two, and they must not deadlock.
        Threads.run(count: 40) { index in
            let new: NewTransfer = index % 2 == 0
                ? .fixture(id: "tr_\(index)", from: "a_u_alice", to: "a_u_bob", amount: 100, recipient: "u_bob")
                : .fixture(id: "tr_\(index)", owner: "u_bob", from: "a_bob2", to: "a_alice2", amount: 100, recipient: "u_alice")
            do {
                let outcome = try gateways[(index / 2) % 2].transfers.execute(new)
                if !Self.isCompleted(outcome) { failures.withValue { $0.append("\(index): \(outcome)") } }
            } catch {
                failures.withValue { $0.append("\(index): \(error)") }
            }
        }
        #expect(failures.current.isEmpty)
        let aliceEvents = try store.gateway.outbox.events(of: alice, after: 0, limit: 100)
        #expect(aliceEvents.map(\.position) == Array(1...40))
        #expect(aliceEvents.filter { $0.type == "transfer.sent" }.count == 20 && aliceEvents.filter { $0.type == "transfer.received" }.count == 20)
        #expect(try store.gateway.outbox.events(of: bob, after: 0, limit: 100).count == 40)
    }

    @Test("creating, changing and deleting a contact append their events; a stale change and a missing delete append none", arguments: Backend.allCases)
    func contacts(backend: Backend) throws {
        let store = try backend.makeStore()
        let contacts = store.gateway.contacts
        let contact = Contact.fixture(id: "c_1", firstName: "Bob")
        try contacts.insert(contact)
        var changed = contact
        changed.lastName = "Builder"
        changed.version = 2
        #expect(try contacts.update(changed, expectedVersion: 1))
        #expect(try !contacts.update(changed, expectedVersion: 1))
        let when = Date(timeIntervalSince1970: 1_795_000_000)
        #expect(try !contacts.delete(id: ContactID("c_1"), owner: bob, at: when))
        #expect(try contacts.delete(id: ContactID("c_1"), owner: alice, at: when))
        #expect(try !contacts.delete(id: ContactID("c_1"), owner: alice, at: when))
        #expect(try types(store, of: alice) == ["contact.created", "contact.updated", "contact.deleted"])
        #expect(try payloads(store, of: alice)[1] == #"{"contactId":"c_1","version":"2"}"#)
        #expect(try types(store, of: bob).isEmpty)
    }

    @Test("placing and cancelling an order append their events; a refused cancel appends none", arguments: Backend.allCases)
    func orders(backend: Backend) throws {
        let store = try backend.makeStore()
        let orders = store.gateway.orders
        _ = try orders.placed(.fixture(id: "o_1"))
        let when = Date(timeIntervalSince1970: 1_795_000_999.5)
        _ = try orders.cancel(id: OrderID("o_1"), owner: alice, at: when)
        _ = try orders.cancel(id: OrderID("o_1"), owner: alice, at: when)
        _ = try orders.cancel(id: OrderID("o_1"), owner: bob, at: when)
        #expect(try types(store, of: alice) == ["order.placed", "order.cancelled"])
        #expect(try payloads(store, of: alice).last?.contains(#""status":"cancelled""#) == true)
        #expect(try types(store, of: bob).isEmpty)
    }

    @Test("a password change appends its event and queues its mail only when the password changed", arguments: Backend.allCases)
    func passwordChange(backend: Backend) throws {
        let store = try backend.makeStore()
        let now = Date(timeIntervalSince1970: 1_795_000_000)
        let notice = Notice(
            event: OutboxEvent(userID: alice, type: .passwordChanged, createdAt: now),
            mail: MailRequest(id: "m_changed", kind: .passwordChanged, recipient: "u_alice@example.com", recipientName: "Alice", language: "fr", createdAt: now))
        #expect(try store.gateway.users.changePassword(of: alice, from: "wrong", to: "y", revokingSessionsAt: now, keeping: "none", telling: notice) == nil)
        #expect(try types(store, of: alice).isEmpty)
        #expect(try store.gateway.users.changePassword(of: alice, from: "x", to: "y", revokingSessionsAt: now, keeping: "none", telling: notice) != nil)
        #expect(try types(store, of: alice) == ["user.password_changed"])
        let mail = try store.gateway.outbox.recentMail(limit: 10)
        #expect(mail.map(\.request.id) == ["m_changed"] && mail.first?.request.kind == .passwordChanged && mail.first?.state == .queued)
    }

    static func isCompleted(_ outcome: TransferOutcome?) -> Bool {
        if case .completed = outcome { true } else { false }
    }
}
