import App
import Foundation
import TestSupport

/// The report demo's 58-row feed, vendored under Tests/Fixtures: 28 authorized rows in April 2016
/// (18 dates, 560.19), 30 posted rows in May 2016 (18 dates, 778.78).
enum AccountsFixture {
    static let demoFeed = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        .appendingPathComponent("Fixtures/report-demo-feed.json")
}

extension TestApplication {
    /// The first account of the user whose token is given (`GET /v1/accounts`).
    func firstAccount(auth: Auth = .owner) throws -> [String: Any] {
        let list = Self.object(try request("GET", "/v1/accounts", auth: auth))
        guard let first = (list["items"] as? [[String: Any]])?.first else { throw RegistrationFailed(description: "no account: \(list)") }
        return first
    }

    /// Loads a card-processor feed into an account with the operator's importer, on the running
    /// application's database.
    @discardableResult
    func importFeed(_ file: URL = AccountsFixture.demoFeed, into account: String) throws -> Int {
        try TransactionImporter(storage: application.storage.location).importFeed(file: file.path, account: account)
    }

    /// The body as a JSON array.
    static func array(_ response: TestClient.Response) -> [[String: Any]] {
        (try? JSONSerialization.jsonObject(with: Data(response.body))) as? [[String: Any]] ?? []
    }
}
