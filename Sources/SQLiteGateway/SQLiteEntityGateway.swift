import Domain
import SQLRows

/// The Domain's `EntityGateway` on one SQLite `Database`: every EntityManager shares it.
public typealias SQLiteEntityGateway = SQLEntityGateway<Database>

extension SQLEntityGateway where Database == SQLiteDatabase {
    /// Every manager on `database`, contacts with SQLite's own search and list key; the contact,
    /// account and draft managers enforce `quotas`.
    public convenience init(database: Database, quotas: StorageQuotas = .standard) {
        self.init(database: database, contacts: SQLiteContactManager(database: database, quota: quotas.contacts), quotas: quotas)
    }
}
