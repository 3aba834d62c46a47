import Domain
import SQLRows

/// The Domain's `EntityGateway` on one PostgreSQL `PostgresDatabase`: every EntityManager
/// shares its connection pool.
public typealias PostgresEntityGateway = SQLEntityGateway<PostgresDatabase>

extension SQLEntityGateway where Database == PostgresDatabase {
    /// Every manager on `database`, contacts with PostgreSQL's own search; the contact, account
    /// and draft managers enforce `quotas`.
    public convenience init(database: PostgresDatabase, quotas: StorageQuotas = .standard) {
        self.init(database: database, contacts: PostgresContactManager(database: database, quota: quotas.contacts), quotas: quotas)
    }
}
