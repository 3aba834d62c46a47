import Domain
import Foundation

/// SCAFFOLD (replaced by the real manager before this lands): `TransferManager` on PostgreSQL.
public struct PostgresTransferManager: TransferManager {
    private let database: PostgresDatabase

    public init(database: PostgresDatabase) {
        self.database = database
    }

    public func execute(_ transfer: NewTransfer, consuming draft: TransferDraftID?) throws -> TransferOutcome {
        throw GatewayError.failure("PostgresTransferManager is not built yet")
    }

    public func fetch(id: TransferID, owner: UserID) throws -> Transfer? {
        throw GatewayError.failure("PostgresTransferManager is not built yet")
    }

    public func list(owner: UserID, after cursor: TransferCursor?, limit: Int) throws -> [Transfer] {
        throw GatewayError.failure("PostgresTransferManager is not built yet")
    }
}
