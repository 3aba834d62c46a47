import Domain
import Foundation

/// SCAFFOLD (replaced by the real manager before this lands): `ContactManager` on PostgreSQL.
public struct PostgresContactManager: ContactManager {
    private let database: PostgresDatabase

    public init(database: PostgresDatabase) {
        self.database = database
    }

    public func list(owner: UserID, matching query: String?, after cursor: ContactCursor?, limit: Int) throws -> [Contact] {
        throw GatewayError.failure("PostgresContactManager is not built yet")
    }

    public func fetch(id: ContactID, owner: UserID) throws -> Contact? {
        throw GatewayError.failure("PostgresContactManager is not built yet")
    }

    public func insert(_ contact: Contact) throws {
        throw GatewayError.failure("PostgresContactManager is not built yet")
    }

    public func update(_ contact: Contact, expectedVersion: Int) throws -> Bool {
        throw GatewayError.failure("PostgresContactManager is not built yet")
    }

    public func delete(id: ContactID, owner: UserID) throws -> Bool {
        throw GatewayError.failure("PostgresContactManager is not built yet")
    }
}
