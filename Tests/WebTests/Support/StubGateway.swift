import Domain
import Logging
import Testing
import Web

/// A gateway for routing tests: storage must not be reached, readiness is settable.
struct StubGateway: EntityGateway {
    var available = true
    var contacts: any ContactManager { UntouchableContactManager() }
    func isAvailable() -> Bool { available }
}

/// Fails the test when any storage call happens.
struct UntouchableContactManager: ContactManager {
    func list(owner: UserID, matching query: String?, after cursor: ContactCursor?, limit: Int) throws -> [Contact] {
        Issue.record("storage reached: list")
        return []
    }
    func fetch(id: ContactID, owner: UserID) throws -> Contact? {
        Issue.record("storage reached: fetch")
        return nil
    }
    func insert(_ contact: Contact) throws { Issue.record("storage reached: insert") }
    func update(_ contact: Contact, expectedVersion: Int) throws -> Bool {
        Issue.record("storage reached: update")
        return false
    }
    func delete(id: ContactID, owner: UserID) throws -> Bool {
        Issue.record("storage reached: delete")
        return false
    }
}

func makeRouter(available: Bool = true, metrics: MetricsRegistry = MetricsRegistry()) -> AppRouter {
    AppRouter(dependencies: Dependencies(gateway: StubGateway(available: available), logger: Logger(label: "test"), metrics: metrics))
}
