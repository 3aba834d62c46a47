import Domain
import Foundation

/// SCAFFOLD (replaced by the real manager before this lands): `IdempotencyManager` on PostgreSQL.
public struct PostgresIdempotencyManager: IdempotencyManager {
    private let database: PostgresDatabase

    public init(database: PostgresDatabase) {
        self.database = database
    }

    public func reserve(owner: UserID, key: IdempotencyKey, fingerprint: String, now: Date) throws -> IdempotencyReservation {
        throw GatewayError.failure("PostgresIdempotencyManager is not built yet")
    }

    public func complete(owner: UserID, key: IdempotencyKey, response: StoredResponse) throws -> Bool {
        throw GatewayError.failure("PostgresIdempotencyManager is not built yet")
    }

    public func release(owner: UserID, key: IdempotencyKey) throws {
        throw GatewayError.failure("PostgresIdempotencyManager is not built yet")
    }

    public func purge(olderThan date: Date) throws -> Int {
        throw GatewayError.failure("PostgresIdempotencyManager is not built yet")
    }
}
