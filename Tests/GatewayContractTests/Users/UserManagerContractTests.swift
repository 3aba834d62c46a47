import Domain
import Foundation
import GatewayTestSupport
import TestSupport
import Testing

@Suite("UserManager contract")
struct UserManagerContractTests {
    let now = Date(timeIntervalSince1970: 1_795_000_000)

    func user(_ id: String, _ email: String) -> User {
        User(id: UserID(id), name: "N", email: email, passwordHash: "scrypt$16$8$1$AAAA$AAAA", createdAt: now)
    }

    func account(_ owner: String) -> Account {
        Account(id: AccountID("a_" + owner), ownerID: UserID(owner), name: "Main Account", currency: .cad, createdAt: now)
    }

    func session(_ digest: String, _ user: String) -> Session {
        Session(tokenDigest: digest, userID: UserID(user), createdAt: now, expiresAt: now.addingTimeInterval(3600))
    }

    @Test("a registered user is found by id and by email", arguments: Backend.allCases)
    func registeredUserIsFound(backend: Backend) throws {
        let store = try backend.makeStore()
        let byID = try store.gateway.users.fetch(id: UserID("u_alice"))
        let byEmail = try store.gateway.users.fetch(email: "u_alice@example.com")
        #expect(byID?.email == "u_alice@example.com")
        #expect(byEmail?.id == UserID("u_alice"))
        #expect(try store.gateway.users.fetch(id: UserID("u_missing")) == nil)
    }

    @Test("register stores the user, the first session and the first account together", arguments: Backend.allCases)
    func register(backend: Backend) throws {
        let store = try backend.makeStore()
        let accountsBefore = try store.rowCount(in: "accounts")
        #expect(try store.gateway.users.register(user("u_1", "a@example.com"), firstSession: session("d1", "u_1"), firstAccount: account("u_1")) == .registered)
        #expect(try store.gateway.users.fetch(id: UserID("u_1")) == user("u_1", "a@example.com"))
        #expect(try store.gateway.users.fetch(email: "a@example.com")?.id == UserID("u_1"))
        #expect(try store.gateway.users.fetch(email: "b@example.com") == nil)
        #expect(try store.gateway.sessions.fetch(tokenDigest: "d1") == session("d1", "u_1"))
        #expect(try store.rowCount(in: "accounts") == accountsBefore + 1)
    }

    @Test("a taken email registers nothing: neither the user nor the session nor the account", arguments: Backend.allCases)
    func emailTaken(backend: Backend) throws {
        let store = try backend.makeStore()
        let users = store.gateway.users
        _ = try users.register(user("u_1", "a@example.com"), firstSession: session("d1", "u_1"), firstAccount: account("u_1"))
        let (usersBefore, accountsBefore) = (try store.rowCount(in: "users"), try store.rowCount(in: "accounts"))
        #expect(try users.register(user("u_2", "a@example.com"), firstSession: session("d2", "u_2"), firstAccount: account("u_2")) == .emailTaken)
        #expect(try store.rowCount(in: "users") == usersBefore)
        #expect(try store.rowCount(in: "accounts") == accountsBefore)
        #expect(try users.fetch(id: UserID("u_2")) == nil)
        #expect(try store.gateway.sessions.fetch(tokenDigest: "d2") == nil)
    }

    @Test("a first session whose digest is taken is a conflict, not a taken email, and stores no user", arguments: Backend.allCases)
    func otherConstraintIsNotEmailTaken(backend: Backend) throws {
        let store = try backend.makeStore()
        let users = store.gateway.users
        _ = try users.register(user("u_1", "a@example.com"), firstSession: session("d1", "u_1"), firstAccount: account("u_1"))
        #expect(throws: GatewayError.self) {
            try users.register(user("u_2", "b@example.com"), firstSession: session("d1", "u_2"), firstAccount: account("u_2"))
        }
        #expect(try users.fetch(id: UserID("u_2")) == nil)
    }

    @Test("registrations of one email racing on separate connections: exactly one registers, the others store nothing",
          arguments: Backend.allCases)
    func concurrentRegistrations(backend: Backend) throws {
        let store = try backend.makeStore()
        let gateways = [store.gateway, try store.independentGateway(), try store.independentGateway()]
        let outcomes = Locked<[Int: RegistrationResult]>([:])
        let failures = Locked<[String]>([])
        let now = self.now
        Threads.run(count: 12) { index in
            let id = "u_racer\(index)"
            let user = User(id: UserID(id), name: "N", email: "race@example.com", passwordHash: "x", createdAt: now)
            let session = Session(tokenDigest: "d-\(id)", userID: user.id, createdAt: now, expiresAt: now.addingTimeInterval(60))
            let account = Account(id: AccountID("a_" + id), ownerID: user.id, name: "Main Account", currency: .cad, createdAt: now)
            do {
                let outcome = try gateways[index % gateways.count].users.register(user, firstSession: session, firstAccount: account)
                outcomes.withValue { $0[index] = outcome }
            } catch {
                failures.withValue { $0.append(String(describing: error)) }
            }
        }
        #expect(failures.current.isEmpty)
        let winners = outcomes.current.filter { $0.value == .registered }.map(\.key)
        #expect(winners.count == 1)
        #expect(outcomes.current.count == 12)
        #expect(try store.gateway.users.fetch(email: "race@example.com")?.id == winners.first.map { UserID("u_racer\($0)") })
        for index in 0..<12 where !winners.contains(index) {
            #expect(try store.gateway.users.fetch(id: UserID("u_racer\(index)")) == nil)
            #expect(try store.gateway.sessions.fetch(tokenDigest: "d-u_racer\(index)") == nil)
        }
        #expect(try store.rowCount(in: "accounts") == TestOwners.ids.count + 1)
    }
}
