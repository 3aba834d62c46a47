import Domain
import DomainTestSupport
import Foundation
import Logging
import Testing
import Web

/// A gateway for routing tests: storage must not be reached, readiness is settable.
struct StubGateway: EntityGateway {
    var available = true
    var contacts: any ContactManager = UntouchableContactManager()
    var users: any UserManager { UntouchableUserManager() }
    var identity: any IdentityManager { UntouchableIdentityManager() }
    var outbox: any OutboxManager { UntouchableOutboxManager() }
    var sessions: any SessionManager { OneSession() }
    var products: any ProductManager { UntouchableProductManager() }
    var orders: any OrderManager { UntouchableOrderManager() }
    var idempotency: any IdempotencyManager { UntouchableIdempotencyManager() }
    var accounts: any AccountManager { UntouchableAccountManager() }
    var transactions: any TransactionManager { UntouchableTransactionManager() }
    var transfers: any TransferManager { UntouchableTransferManager() }
    var transferDrafts: any TransferDraftManager { UntouchableTransferDraftManager() }
    func isAvailable() -> Bool { available }
}

/// The bearer token routing tests send: it belongs to user `u1`.
let goodToken = "good-token"

/// Knows exactly one session: `goodToken`'s; revoking and listing answer as for a session
/// with nothing else; anything else fails the test.
struct OneSession: UnimplementedSessionManager {
    func fetch(tokenDigest: String) throws -> Session? {
        guard tokenDigest == goodToken else { return nil }
        return Session(tokenDigest: goodToken, userID: UserID("u1"), createdAt: Date(), expiresAt: Date().addingTimeInterval(3600))
    }
    func revoke(tokenDigest: String, at: Date) throws -> Bool { true }
    func revokeAll(userID: UserID, at: Date, keeping: String?) throws -> [String] { [] }
    func rotate(_ rotation: SessionRotation) throws -> SessionRotationResult { .refused }
    func touch(tokenDigest: String, at date: Date, expiresAt: Date, unusedSince: Date) throws -> Bool { false }
    func list(userID: UserID, activeAt date: Date, limit: Int) throws -> [Session] { [] }
}

/// Tokens are their own digests here; the routing tests never issue any.
struct IdentityTokens: TokenIssuer {
    func issue() -> IssuedToken { IssuedToken(token: "issued", digest: "issued") }
    func digest(of token: String) -> String? { token.isEmpty ? nil : token }
}

/// Never hashes: routing tests do not register or log in.
struct RefusingHasher: PasswordHasher {
    func hash(_ password: String) throws -> String { "" }
    func verify(_ password: String, against encoded: String) -> Bool { false }
    func verifyDummy(_ password: String) {}
    func needsRehash(_ encoded: String) -> Bool { false }
}

/// Holds one contact, `c_1` of user `u1` at version 3, for reads; any write fails the test.
struct OneContact: UnimplementedContactManager {
    static let contact = Contact(
        id: ContactID("c_1"), ownerID: UserID("u1"), firstName: "Charlie", lastName: "Brown",
        createdAt: Date(timeIntervalSince1970: 1_700_000_000), updatedAt: Date(timeIntervalSince1970: 1_700_000_000), version: 3)

    func list(owner: UserID, matching query: String?, after cursor: ContactCursor?, limit: Int) throws -> [ContactSummary] {
        owner == Self.contact.ownerID ? [ContactSummary(Self.contact)] : []
    }
    func fetch(id: ContactID, owner: UserID) throws -> Contact? {
        id == Self.contact.id && owner == Self.contact.ownerID ? Self.contact : nil
    }
}

func makeRouter(
    available: Bool = true, contacts: any ContactManager = UntouchableContactManager(), metrics: MetricsRegistry = MetricsRegistry(),
    policies: ResponsePolicies = ResponsePolicies(), webApp: Bool = false, writeThrottle: WriteThrottle = .unlimited,
    clock: any Clock = SystemClock()
) -> AppRouter {
    AppRouter(
        dependencies: Dependencies(
            gateway: StubGateway(available: available, contacts: contacts), clock: clock, hasher: RefusingHasher(), tokens: IdentityTokens(),
            logger: Logger(label: "test"), metrics: metrics, fingerprinter: PlainFingerprinter(), writeThrottle: writeThrottle, codes: RefusingCodeIssuer()),
        policies: policies, webApp: webApp)
}

/// Fingerprints as the plain request text: enough to tell requests apart in router tests.
struct PlainFingerprinter: RequestFingerprinter {
    func fingerprint(method: String, path: String, body: [UInt8]) -> String {
        method + " " + path + " " + String(decoding: body, as: UTF8.self)
    }
}
