import Foundation
import OpenAPIRuntime
import OpenAPIURLSession
import ViperdClient

/// The second user of the journey: their client, their tokens' middleware (the live events
/// share its refresh), the sender's contact for them and their account.
struct Payee {
    let client: Client
    let authorization: BearerTokenMiddleware
    let contactID: String
    let accountID: String
}

/// A mobile app's whole session against a real server, through the generated client only: every
/// answer must decode as the typed case the OpenAPI document promises.
@MainActor
final class Journey {
    let client: Client
    let tokens = TokenStore()
    let network = LostResponseMiddleware()
    let fundCommand: String?
    let mailCodeCommand: String?
    let serverURL: URL

    // What earlier steps learned, for the later ones.
    let email = "journey-\(UUID().uuidString.prefix(8).lowercased())@example.com"
    let password = "journey-password-1"
    var contactIDs: [String] = []
    var mainAccountID = ""
    var savingsAccountID = ""
    var productIDs: [String] = []
    var orderID = ""
    var funded = false
    /// The second user, once they have claimed money: the live-event steps pay them again.
    var payee: Payee?
    private(set) var steps = 0

    init(serverURL: URL, fundCommand: String?, mailCodeCommand: String?) {
        self.fundCommand = fundCommand
        self.mailCodeCommand = mailCodeCommand
        self.serverURL = serverURL
        client = Client(
            serverURL: serverURL, transport: URLSessionTransport(),
            middlewares: [BearerTokenMiddleware(tokens: tokens), IdempotencyKeyMiddleware(), network])
    }

    /// Runs every step in order; false at the first failure (already reported).
    func run() async -> Bool {
        do {
            try await usersAndSessions()
            try await contacts()
            try await productsAndOrders()
            try await accounts()
            try await transfers()
            try await pendingTransfers()
            try await liveEvents()
            try await sessions()
            try await signOut()
        } catch {
            print("FAIL  \(error)")
            print("journey: failed after \(steps) passing step(s)")
            return false
        }
        print("journey: all \(steps) steps passed")
        return true
    }

    /// Runs one step and prints its line; a failure names the step and stops the journey.
    func step(_ name: String, _ body: () async throws -> String) async throws {
        let detail: String
        do {
            detail = try await body()
        } catch {
            throw JourneyFailure("\(name): \(error)")
        }
        steps += 1
        print("ok    \(name): \(detail)")
    }

    /// A step that cannot run here, and why.
    func skip(_ name: String, because reason: String) {
        print("skip  \(name): \(reason)")
    }

    /// Reads the expected typed case of an output; anything else (another status, an
    /// undocumented one) fails with what came instead.
    func expect<Output, Value>(_ expected: String, _ output: Output, _ read: (Output) throws -> Value) throws -> Value {
        do {
            return try ViperdProblem.expect(output, read)
        } catch {
            throw JourneyFailure("expected \(expected), got \(error)")
        }
    }
}
