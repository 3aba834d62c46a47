import App
import Domain
import Foundation
import TestSupport
import Testing

/// The per-user quotas end to end on both stores: the create past one is 422 `quota_exceeded`,
/// worded in the client's language, nothing is stored, and another user still creates.
@Suite("per-user storage quotas")
struct StorageQuotaEndpointTests {
    @Test("the contact past the quota is 422 quota_exceeded in French; another user still adds theirs", arguments: TestStore.allCases)
    func contacts(store: TestStore) throws {
        let app = try TestApplication.on(store) { $0.quotas.contacts = 2 }
        let other = try app.register(email: "other@example.com")
        let body = #"{"firstName":"Lucy","lastName":"van Pelt"}"#
        for _ in 0..<2 { #expect(try app.request("POST", "/v1/contacts", json: body).status == 201) }
        let refused = try app.request("POST", "/v1/contacts", json: body, headers: ["Accept-Language": "fr"])
        #expect(refused.status == 422)
        #expect(refused.header("Retry-After") == nil, "waiting does not help: deleting does")
        let problem = TestApplication.object(refused)
        #expect(problem["code"] as? String == "quota_exceeded")
        #expect(problem["detail"] as? String == "Vous avez déjà 2 contacts, le maximum par utilisateur ; supprimez-en avant d'en ajouter")
        #expect((TestApplication.object(try app.request("GET", "/v1/contacts"))["items"] as? [Any])?.count == 2)
        #expect(try app.request("POST", "/v1/contacts", json: body, auth: .bearer(other)).status == 201)
    }

    @Test("the account past the quota is 422 quota_exceeded", arguments: TestStore.allCases)
    func accounts(store: TestStore) throws {
        let app = try TestApplication.on(store) { $0.quotas.accounts = 2 }
        let body = #"{"name":"Savings","currency":"CAD"}"#
        #expect(try app.request("POST", "/v1/accounts", json: body).status == 201)
        let refused = try app.request("POST", "/v1/accounts", json: body)
        #expect(refused.status == 422)
        #expect(TestApplication.object(refused)["code"] as? String == "quota_exceeded")
    }
}
