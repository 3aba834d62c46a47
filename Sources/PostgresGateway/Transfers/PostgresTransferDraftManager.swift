import Domain
import Foundation

/// SCAFFOLD (replaced by the real manager before this lands): `TransferDraftManager` on PostgreSQL.
public struct PostgresTransferDraftManager: TransferDraftManager {
    private let database: PostgresDatabase

    public init(database: PostgresDatabase) {
        self.database = database
    }

    public func insert(_ draft: TransferDraftState) throws {
        throw GatewayError.failure("PostgresTransferDraftManager is not built yet")
    }

    public func fetch(id: TransferDraftID, owner: UserID, at date: Date) throws -> TransferDraftState? {
        throw GatewayError.failure("PostgresTransferDraftManager is not built yet")
    }

    public func update(_ draft: TransferDraftState, at date: Date) throws -> Bool {
        throw GatewayError.failure("PostgresTransferDraftManager is not built yet")
    }

    public func delete(id: TransferDraftID, owner: UserID) throws -> Bool {
        throw GatewayError.failure("PostgresTransferDraftManager is not built yet")
    }
}
