import Domain
import Foundation

/// The owners every gateway test store starts with: contacts, orders and transfers must belong
/// to existing users since migration 0002.
public enum TestOwners {
    /// Their ids; each has a CAD account `a_<id>` (`a_u_alice`, …), made at registration.
    public static let ids = ["u_alice", "u_bob", "u_nobody"]
}

extension UserManager {
    /// Registers each of `ids` as a user with a session and a CAD account `a_<id>`, all dated 1970.
    public func registerTestOwners(_ ids: [String] = TestOwners.ids) throws {
        for id in ids {
            let user = User(id: UserID(id), name: id, email: "\(id)@example.com", passwordHash: "x", createdAt: Date(timeIntervalSince1970: 0))
            let session = Session(tokenDigest: "digest-\(id)", userID: user.id, createdAt: user.createdAt, expiresAt: user.createdAt)
            let account = Account(id: AccountID("a_\(id)"), ownerID: user.id, name: "Main Account", currency: .cad, createdAt: user.createdAt)
            _ = try register(user, firstSession: session, firstAccount: account)
        }
    }
}
