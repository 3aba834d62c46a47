import Domain
import Foundation

/// SCAFFOLD (replaced by the real manager before this lands): `TransactionManager` on PostgreSQL.
public struct PostgresTransactionManager: TransactionManager {
    private let database: PostgresDatabase

    public init(database: PostgresDatabase) {
        self.database = database
    }

    public func list(account: AccountID, filter: TransactionFilter, after cursor: TransactionCursor?, limit: Int) throws -> [Transaction] {
        throw GatewayError.failure("PostgresTransactionManager is not built yet")
    }

    public func transactions(account: AccountID, group: TransactionGroup, from: CalendarDate, to: CalendarDate) throws -> [Transaction] {
        throw GatewayError.failure("PostgresTransactionManager is not built yet")
    }

    public func insert(_ transactions: [Transaction], progress: (_ stored: Int) -> Void) throws {
        throw GatewayError.failure("PostgresTransactionManager is not built yet")
    }
}
