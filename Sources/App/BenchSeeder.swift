import Domain
import Foundation
import SQLiteGateway
import Security

/// Fills a database for the shared benchmark harness (`Scripts/bench-*.sh`): one user with a bearer
/// token, and that user's contacts, through the same EntityManagers the API uses.
public struct BenchSeeder {
    /// What the harness needs back: the token to send and the ids to request.
    public struct Seeded {
        public let token: String
        public let contactIDs: [String]
    }

    public let databasePath: String

    public init(databasePath: String) {
        self.databasePath = databasePath
    }

    public func seed(contacts count: Int) throws -> Seeded {
        // Seeding is not the workload: skip the per-commit fsync.
        let database = try Database(configuration: DatabaseConfiguration(path: databasePath, readerCount: 1, synchronous: .off))
        _ = try Migrator(database: database).migrate()
        let gateway = SQLiteEntityGateway(database: database)
        let ids = RandomIDGenerator()
        let now = SystemClock().now()
        let tokens = RandomTokenIssuer()
        let token = tokens.issue()
        let user = User(
            id: UserID(ids.makeID(prefix: "u_")), name: "Bench User", email: "bench-\(ids.makeID(prefix: ""))@example.com",
            passwordHash: try ScryptPasswordHasher(parameters: .fastForTests).hash(UUID().uuidString), createdAt: now)
        let session = Session(tokenDigest: token.digest, userID: user.id, createdAt: now, expiresAt: now.addingTimeInterval(86_400))
        guard try gateway.users.register(user, firstSession: session) == .registered else {
            throw GatewayError.conflict("bench user already exists")
        }
        var created: [String] = []
        created.reserveCapacity(count)
        for index in 0..<count {
            let contact = Contact(
                id: ContactID(ids.makeID(prefix: "c_")), ownerID: user.id, firstName: "Bench",
                lastName: "Contact \(index + 1)", email: "bench\(index + 1)@example.com", phone: "+1-555-0100",
                address: PostalAddress(street: "1 Bench Street", city: "Toronto", province: "ON", postalCode: "M5V 2T6", country: "CA"),
                createdAt: now, updatedAt: now)
            try gateway.contacts.insert(contact)
            created.append(contact.id.rawValue)
        }
        try database.checkpoint()
        return Seeded(token: token.token, contactIDs: created)
    }
}
