import Domain
import Foundation
import Security

/// `viperd seed-demo`: a demo user with contacts and an account holding two months of card
/// transactions up to today, so the first request of the report shows a full one. Everything goes
/// through the use cases and EntityManagers the API uses.
public struct DemoSeeder {
    /// What the command prints.
    public struct Seeded {
        public let email: String
        public let password: String
        public let token: String
        public let accountID: String
        public let authorized: Int
        public let posted: Int
        public let from: CalendarDate
        public let to: CalendarDate
    }

    public let storage: StorageLocation
    private let clock: any Clock

    public init(storage: StorageLocation, clock: any Clock = SystemClock()) {
        self.storage = storage
        self.clock = clock
    }

    public func seed(email: String = "demo@example.com", hashing: ScryptPasswordHasher.Parameters = .standard) throws -> Seeded {
        let opened = try Storage.forCommand(storage)
        let gateway = opened.gateway
        let ids = TimeOrderedIDGenerator()
        let password = ids.makeID(prefix: "demo-")
        let registered: (user: UserPresentationModel, session: SessionPresentationModel)
        do {
            registered = try OperatorRegistration(
                users: gateway.users, hasher: ScryptPasswordHasher(parameters: hashing), tokens: RandomTokenIssuer(), clock: clock, ids: ids,
                policy: SessionPolicy()
            ).register(name: "Demo User", email: email, password: password)
        } catch OperatorRegistration.Failure.emailTaken {
            throw AccountAdministration.Failure(description: "a user with this email already exists; seed a fresh database or pass another --email")
        } catch {
            throw RegistrationOutcome.failure(error)
        }
        let (user, token) = (registered.user.id, registered.session.token)
        guard let account = try gateway.accounts.list(owner: user, after: nil, limit: 1).first else {
            throw AccountAdministration.Failure(description: "registration opened no account")
        }
        let now = clock.now()
        for (first, last, phone) in Self.contacts {
            try gateway.contacts.insert(Contact(
                id: ContactID(ids.makeID(prefix: "c_")), ownerID: user, firstName: first, lastName: last,
                email: "\(first.lowercased())@example.com", phone: phone, createdAt: now, updatedAt: now))
        }
        guard let today = CalendarDate(utc: now) else { throw AccountAdministration.Failure(description: "the clock is out of range") }
        let feed = DemoFeed.transactions(account: account.id, endingOn: today, ids: ids)
        try gateway.transactions.insert(feed) { _ in }
        try opened.close()
        return Seeded(
            email: EmailAddress.normalize(email), password: password, token: token, accountID: account.id.rawValue,
            authorized: feed.filter { $0.group == .authorized }.count, posted: feed.filter { $0.group == .posted }.count,
            from: feed.map(\.date).min() ?? today, to: feed.map(\.date).max() ?? today)
    }

    private static let contacts = [
        ("Charlie", "Brown", "+1-416-555-0101"), ("Lucy", "van Pelt", "+1-416-555-0102"), ("Linus", "van Pelt", "+1-416-555-0103"),
        ("Sally", "Brown", "+1-613-555-0104"), ("Peppermint", "Patty", "+1-613-555-0105"),
    ]
}
