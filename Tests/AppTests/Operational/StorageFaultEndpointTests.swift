import App
import Foundation
@testable import SQLiteGateway
import TestSupport
import Testing

/// A full database seen from a client: 503 problem with `Retry-After`, readiness down, no
/// acknowledged write lost and none half-written, and service back without a restart.
@Suite("storage faults, end to end")
struct StorageFaultEndpointTests {
    @Test("a full database answers writes 503 with Retry-After, readiness follows, and both recover when space returns")
    func databaseFull() throws {
        let app = try TestApplication()
        let database = try #require(app.application.database)
        try database.withWriter { try $0.execute("PRAGMA max_page_count = 1") }  // clamps to the current size

        var created = 0
        var refusal: TestClient.Response?
        let note = String(repeating: "x", count: 90)
        for index in 0..<400 where refusal == nil {
            let response = try app.request("POST", "/v1/contacts", json: #"{"firstName":"F\#(index) \#(note)","lastName":"\#(note)"}"#)
            if response.status == 201 { created += 1 } else { refusal = response }
        }
        let refused = try #require(refusal, "the database never filled up")
        #expect(refused.status == 503)
        #expect(refused.header("Retry-After") == "1")
        #expect(refused.header("Content-Type") == "application/problem+json")
        #expect(TestApplication.object(refused)["code"] as? String == "storage_unavailable")
        #expect(!refused.text.contains("SQLite"), "no storage internals in the body")

        let ready = try app.request("GET", "/health/ready", auth: .none)
        #expect(ready.status == 503)
        #expect(ready.header("Retry-After") == "1")
        // Reads still work, and show exactly the acknowledged writes.
        let list = try app.request("GET", "/v1/contacts?limit=100")
        #expect(list.status == 200)
        let listed = (TestApplication.object(list)["items"] as? [Any])?.count ?? -1
        #expect(listed == min(created, 100))

        try database.withWriter { try $0.execute("PRAGMA max_page_count = 1000000") }
        #expect(try app.request("GET", "/health/ready", auth: .none).status == 200)
        #expect(try app.request("POST", "/v1/contacts", json: #"{"firstName":"After"}"#).status == 201)
    }
}
