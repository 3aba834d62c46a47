import Foundation
import TestSupport
import Testing

/// User B tries every contacts endpoint on user A's ids and gets nothing, exactly as for ids
/// that do not exist.
@Suite("per-user isolation")
struct IsolationTests {
    @Test("another user's contact is invisible, unchangeable and undeletable, answering like a missing one")
    func everyEndpoint() throws {
        let app = try TestApplication()
        let alice = app.token
        let bob = try app.register(email: "bob@example.com")
        let created = try app.request("POST", "/v1/contacts", json: #"{"firstName":"Secret","lastName":"Agent","email":"secret@example.com"}"#, auth: .bearer(alice))
        let id = try #require(TestApplication.object(created)["id"] as? String)
        let before = try app.request("GET", "/v1/contacts/\(id)", auth: .bearer(alice)).body

        func stripID(_ text: String) -> String { text.replacingOccurrences(of: #""requestId":"[^"]*""#, with: "", options: .regularExpression) }
        let missing = try app.request("GET", "/v1/contacts/c_doesnotexist", auth: .bearer(bob))
        let show = try app.request("GET", "/v1/contacts/\(id)", auth: .bearer(bob))
        #expect(show.status == 404)
        #expect(stripID(show.text) == stripID(missing.text))
        #expect(try app.request("PATCH", "/v1/contacts/\(id)", json: #"{"phone":"1"}"#, auth: .bearer(bob)).status == 404)
        #expect(try app.request("PATCH", "/v1/contacts/\(id)", json: #"{"phone":"1"}"#, headers: ["If-Match": "\"1\""], auth: .bearer(bob)).status == 404)
        #expect(try app.request("DELETE", "/v1/contacts/\(id)", auth: .bearer(bob)).status == 404)
        for query in ["", "?q=Secret", "?q=secret%40example", "?limit=100"] {
            let list = TestApplication.object(try app.request("GET", "/v1/contacts\(query)", auth: .bearer(bob)))
            #expect((list["items"] as? [Any])?.isEmpty == true, "\(query)")
        }
        // A cursor made from Alice's page leads Bob nowhere.
        try app.request("POST", "/v1/contacts", json: #"{"lastName":"Second"}"#, auth: .bearer(alice))
        let alicePage = TestApplication.object(try app.request("GET", "/v1/contacts?limit=1", auth: .bearer(alice)))
        let cursor = try #require(alicePage["nextCursor"] as? String)
        let bobPage = TestApplication.object(try app.request("GET", "/v1/contacts?limit=1&cursor=\(cursor)", auth: .bearer(bob)))
        #expect((bobPage["items"] as? [Any])?.isEmpty == true)

        #expect(try app.request("GET", "/v1/contacts/\(id)", auth: .bearer(alice)).body == before)
    }
}
