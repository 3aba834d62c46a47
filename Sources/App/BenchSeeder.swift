import Domain
import Foundation
import SQLiteGateway
import Security

/// Fills a database for the shared benchmark harness (`Scripts/bench/bench-*.sh`): one user with a bearer
/// token, that user's contacts and orders, and as many other verified users as a benchmark needs
/// (live-event streams, `Scripts/bench/live-streams.sh`), through the same EntityManagers the API uses.
public struct BenchSeeder {
    /// What the harness needs back: the token to send and the ids to request.
    public struct Seeded {
        public let token: String
        public let contactIDs: [String]
        /// The other users, in the order they were created.
        public let users: [SeededUser]
    }

    /// One more user, verified (others can pay it at once) and signed in, with its first account.
    public struct SeededUser {
        public let email: String
        public let token: String
        public let accountID: String
    }

    public let storage: StorageLocation

    public init(storage: StorageLocation) {
        self.storage = storage
    }

    /// - Parameter orders: orders of three catalog lines each, placed a second apart.
    /// - Parameter users: other users, each `holder-<k>@example.com` (k = 1...users); registering them
    ///   through the API would take a code from the mail log for each, and the per-address
    ///   registration limit would refuse most.
    public func seed(contacts count: Int, orders orderCount: Int = 0, users userCount: Int = 0) throws -> Seeded {
        // Seeding is not the workload: skip SQLite's per-commit fsync. No quotas: the bench user
        // holds up to 1,000,000 contacts (`bench-scale.sh contacts`), past the standard 100,000.
        let opened = try Storage.forCommand(storage, synchronous: .off, quotas: StorageQuotas())
        let gateway = opened.gateway
        let ids = TimeOrderedIDGenerator()
        let now = SystemClock().now()
        let tokens = RandomTokenIssuer()
        let token = tokens.issue()
        let user = User(
            id: UserID(ids.makeID(prefix: "u_")), name: "Bench User", email: "bench-\(ids.makeID(prefix: ""))@example.com",
            passwordHash: try ScryptPasswordHasher(parameters: .fastForTests).hash(UUID().uuidString), createdAt: now, emailVerifiedAt: now)
        let session = Session(tokenDigest: token.digest, userID: user.id, createdAt: now, expiresAt: now.addingTimeInterval(86_400))
        let account = Account(id: AccountID(ids.makeID(prefix: "a_")), ownerID: user.id, name: AccountPolicy().firstAccountName, currency: .cad, createdAt: now)
        guard try gateway.users.register(user, firstSession: session, firstAccount: account) == .registered else {
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
        try seedOrders(orderCount, owner: user.id, gateway: gateway, ids: ids, now: now)
        let users = try seedUsers(userCount, gateway: gateway, ids: ids, tokens: tokens, now: now)
        // A bulk load leaves its contacts in one grown bucket and the search index in many
        // segments; a server splits and merges them once idle (ContactSearchUpkeep), so the
        // benchmarks start from what it would serve.
        if let database = opened.sqliteDatabase {
            let splitter = ContactBucketSplitter(database: database)
            try splitter.census()
            while try splitter.step() {}
            while try database.mergeContactSearchIndex(pages: 2_000) {}
        }
        try opened.close()
        return Seeded(token: token.token, contactIDs: created, users: users)
    }

    private func seedUsers(
        _ count: Int, gateway: any EntityGateway, ids: any IDGenerator, tokens: RandomTokenIssuer, now: Date
    ) throws -> [SeededUser] {
        guard count > 0 else { return [] }
        // One hash for all: nobody signs in with these passwords, and scrypt per user would be most of the time.
        let passwordHash = try ScryptPasswordHasher(parameters: .fastForTests).hash(UUID().uuidString)
        var seeded: [SeededUser] = []
        seeded.reserveCapacity(count)
        for index in 0..<count {
            let token = tokens.issue()
            let user = User(
                id: UserID(ids.makeID(prefix: "u_")), name: "Holder \(index + 1)", email: "holder-\(index + 1)@example.com",
                passwordHash: passwordHash, createdAt: now, emailVerifiedAt: now)
            let session = Session(tokenDigest: token.digest, userID: user.id, createdAt: now, expiresAt: now.addingTimeInterval(86_400))
            let account = Account(id: AccountID(ids.makeID(prefix: "a_")), ownerID: user.id, name: AccountPolicy().firstAccountName, currency: .cad, createdAt: now)
            guard try gateway.users.register(user, firstSession: session, firstAccount: account) == .registered else {
                throw GatewayError.conflict("\(user.email) already exists")
            }
            seeded.append(SeededUser(email: user.email, token: token.token, accountID: account.id.rawValue))
        }
        return seeded
    }

    private func seedOrders(_ count: Int, owner: UserID, gateway: any EntityGateway, ids: any IDGenerator, now: Date) throws {
        guard count > 0 else { return }
        let catalog = try gateway.products.list(after: nil, limit: 100)
        guard catalog.count >= 3 else { throw GatewayError.failure("the catalog has fewer than 3 products") }
        let policy = OrderPolicy.standard
        let address = PostalAddress(street: "1 Bench Street", city: "Toronto", province: "ON", postalCode: "M5V 2T6", country: "CA")
        for index in 0..<count {
            var lines: [OrderLine] = []
            for offset in 0..<3 {
                let product = catalog[(index + offset) % catalog.count]
                let quantity = offset + 1
                lines.append(OrderLine(
                    productID: product.id, name: product.name, quantity: quantity, unitPrice: product.price,
                    lineTotal: try product.price.multiplied(by: Int64(quantity))))
            }
            let itemTotal = try lines.map(\.lineTotal).sum(in: policy.currency)
            let tax = try itemTotal.portion(basisPoints: policy.taxRateBasisPoints)
            let shipping = policy.shippingCost(.standard)
            try _ = gateway.orders.create(NewOrder(
                id: OrderID(ids.makeID(prefix: "o_")), ownerID: owner, placedAt: now.addingTimeInterval(Double(index - count)),
                customer: Customer(firstName: "Bench", lastName: "Customer \(index + 1)", email: "bench\(index + 1)@example.com"),
                billingAddress: address, shipmentAddress: address, shipment: ShipmentMethod(speed: .standard, cost: shipping), lines: lines,
                itemTotal: itemTotal, tax: tax, orderTotal: try itemTotal.adding(tax).adding(shipping)))
        }
    }
}
