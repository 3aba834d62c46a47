import Domain
import Foundation
import SQLiteGateway
import Web

/// Fills a database for the benchmark harness in `../shared/bench`: the development owner's
/// contacts, through the same EntityManager the API uses.
public struct BenchSeeder {
    public let databasePath: String

    public init(databasePath: String) {
        self.databasePath = databasePath
    }

    /// Migrates, inserts `count` contacts and returns their ids in insertion order.
    public func seed(contacts count: Int, owner: UserID = Dependencies.developmentOwner) throws -> [String] {
        // Seeding is not the workload: skip the per-commit fsync.
        let database = try Database(configuration: DatabaseConfiguration(path: databasePath, readerCount: 1, synchronous: .off))
        _ = try Migrator(database: database).migrate()
        let manager = SQLiteContactManager(database: database)
        let ids = RandomIDGenerator()
        let now = SystemClock().now()
        var created: [String] = []
        created.reserveCapacity(count)
        for index in 0..<count {
            let contact = Contact(
                id: ContactID(ids.makeID(prefix: "c_")), ownerID: owner, firstName: "Bench",
                lastName: "Contact \(index + 1)", email: "bench\(index + 1)@example.com", phone: "+1-555-0100",
                address: PostalAddress(street: "1 Bench Street", city: "Toronto", province: "ON", postalCode: "M5V 2T6", country: "CA"),
                createdAt: now, updatedAt: now)
            try manager.insert(contact)
            created.append(contact.id.rawValue)
        }
        return created
    }
}
