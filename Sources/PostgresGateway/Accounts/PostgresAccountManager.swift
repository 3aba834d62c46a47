import Domain
import Foundation

/// SCAFFOLD (replaced by the real manager before this lands): `AccountManager` on PostgreSQL.
public struct PostgresAccountManager: AccountManager {
    private let database: PostgresDatabase

    public init(database: PostgresDatabase) {
        self.database = database
    }

    public func list(owner: UserID, after cursor: AccountCursor?, limit: Int) throws -> [Account] {
        throw GatewayError.failure("PostgresAccountManager is not built yet")
    }

    public func fetch(id: AccountID, owner: UserID) throws -> Account? {
        throw GatewayError.failure("PostgresAccountManager is not built yet")
    }

    public func fetch(id: AccountID) throws -> Account? {
        throw GatewayError.failure("PostgresAccountManager is not built yet")
    }

    public func insert(_ account: Account) throws {
        throw GatewayError.failure("PostgresAccountManager is not built yet")
    }

    public func balance(of id: AccountID) throws -> Int64 {
        throw GatewayError.failure("PostgresAccountManager is not built yet")
    }
}
