import Domain
import Foundation

/// SCAFFOLD (replaced by the real manager before this lands): `SessionManager` on PostgreSQL.
public struct PostgresSessionManager: SessionManager {
    private let database: PostgresDatabase

    public init(database: PostgresDatabase) {
        self.database = database
    }

    public func insert(_ session: Session) throws {
        throw GatewayError.failure("PostgresSessionManager is not built yet")
    }

    public func fetch(tokenDigest: String) throws -> Session? {
        throw GatewayError.failure("PostgresSessionManager is not built yet")
    }

    public func revoke(tokenDigest: String, at: Date) throws -> Bool {
        throw GatewayError.failure("PostgresSessionManager is not built yet")
    }

    public func revokeAll(userID: UserID, at: Date) throws -> Int {
        throw GatewayError.failure("PostgresSessionManager is not built yet")
    }
}
