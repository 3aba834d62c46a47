import Domain
import Foundation

/// SCAFFOLD (replaced by the real manager before this lands): `UserManager` on PostgreSQL.
public struct PostgresUserManager: UserManager {
    private let database: PostgresDatabase

    public init(database: PostgresDatabase) {
        self.database = database
    }

    public func register(_ user: User, firstSession: Session, firstAccount: Account) throws -> RegistrationResult {
        throw GatewayError.failure("PostgresUserManager is not built yet")
    }

    public func fetch(id: UserID) throws -> User? {
        throw GatewayError.failure("PostgresUserManager is not built yet")
    }

    public func fetch(email: String) throws -> User? {
        throw GatewayError.failure("PostgresUserManager is not built yet")
    }
}
