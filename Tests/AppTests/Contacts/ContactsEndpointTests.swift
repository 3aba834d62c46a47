import Foundation
import TestSupport
import Testing

/// Every contacts endpoint over a real socket, against a real temporary database.
@Suite("contacts API, end to end")
struct ContactsEndpointTests {
    let charlie = #"{"firstName":"Charlie","lastName":"Brown","email":"charlie@example.com","phone":"+1 555 0100","birthday":"1950-10-02","address":{"street":"1 Pine St","city":"Toronto","province":"ON","postalCode":"M5V 2T6","country":"CA"}}"#

    @Test("an empty book lists no items with the localized message")
    func emptyList() throws {
        let app = try TestApplication()
        let english = try app.request("GET", "/v1/contacts")
        #expect(english.status == 200)
        #expect(english.text == #"{"items":[],"nextCursor":null,"message":"No contacts found"}"#)
        let french = try app.request("GET", "/v1/contacts", headers: ["Accept-Language": "fr-CA,fr;q=0.9"])
        #expect(TestApplication.object(french)["message"] as? String == "Aucun contact trouvé")
    }

    @Test("create answers 201 with Location and ETag; show returns the same document")
    func createAndShow() throws {
        let app = try TestApplication()
        let created = try app.request("POST", "/v1/contacts", json: charlie)
        #expect(created.status == 201)
        let body = TestApplication.object(created)
        let id = try #require(body["id"] as? String)
        #expect(created.header("Location") == "/v1/contacts/\(id)")
        #expect(created.header("ETag") == "\"1\"")
        #expect(body["contactName"] as? String == "Charlie Brown")
        #expect(body["birthday"] as? String == "1950-10-02")
        #expect((body["address"] as? [String: Any])?["postalCode"] as? String == "M5V 2T6")
        let shown = try app.request("GET", "/v1/contacts/\(id)")
        #expect(shown.status == 200)
        #expect(shown.body == created.body)
        #expect(shown.header("ETag") == "\"1\"")
    }

    @Test("a contact carries its birthday worded and its address as lines, in the request's language")
    func birthdayAndAddressLines() throws {
        let app = try TestApplication()
        let id = try #require(TestApplication.object(try app.request("POST", "/v1/contacts", json: charlie))["id"] as? String)
        let english = TestApplication.object(try app.request("GET", "/v1/contacts/\(id)"))
        #expect(english["birthdayFormatted"] as? String == "Oct 02, 1950")
        #expect(english["addressLines"] as? [String] == ["1 Pine St", "Toronto ON M5V 2T6", "CA"])
        let french = TestApplication.object(try app.request("GET", "/v1/contacts/\(id)", headers: ["Accept-Language": "fr"]))
        #expect(french["birthdayFormatted"] as? String == "02 oct. 1950")
        #expect(french["addressLines"] as? [String] == ["1 Pine St", "Toronto ON M5V 2T6", "CA"])
        let moved = TestApplication.object(try app.request(
            "PATCH", "/v1/contacts/\(id)", json: #"{"birthday":null,"address":{"city":"Paris","province":null,"postalCode":"75001","country":"France"}}"#,
            headers: ["Accept-Language": "fr"]))
        #expect(moved["birthdayFormatted"] is NSNull)
        #expect(moved["addressLines"] as? [String] == ["1 Pine St", "75001 Paris", "France"])
    }

    @Test("list is sorted by name, searchable, and pages with an opaque cursor")
    func listSearchAndPages() throws {
        let app = try TestApplication()
        for (first, last) in [("Lucy", "van Pelt"), ("Charlie", "Brown"), ("Sally", "Brown"), ("Peppermint", "Patty"), ("Linus", "van Pelt")] {
            try app.request("POST", "/v1/contacts", json: #"{"firstName":"\#(first)","lastName":"\#(last)"}"#)
        }
        let first = TestApplication.object(try app.request("GET", "/v1/contacts?limit=2"))
        #expect((first["items"] as? [[String: Any]])?.compactMap { $0["contactName"] as? String } == ["Charlie Brown", "Sally Brown"])
        let cursor = try #require(first["nextCursor"] as? String)
        let second = TestApplication.object(try app.request("GET", "/v1/contacts?limit=2&cursor=\(cursor)"))
        #expect((second["items"] as? [[String: Any]])?.compactMap { $0["contactName"] as? String } == ["Peppermint Patty", "Linus van Pelt"])
        let cursor2 = try #require(second["nextCursor"] as? String)
        let third = TestApplication.object(try app.request("GET", "/v1/contacts?limit=2&cursor=\(cursor2)"))
        #expect((third["items"] as? [[String: Any]])?.count == 1)
        #expect(third["nextCursor"] is NSNull)
        #expect(third["message"] == nil)
        let search = TestApplication.object(try app.request("GET", "/v1/contacts?q=VAN+pelt"))
        #expect((search["items"] as? [[String: Any]])?.compactMap { $0["contactName"] as? String } == ["Linus van Pelt", "Lucy van Pelt"])
        let miss = TestApplication.object(try app.request("GET", "/v1/contacts?q=%25"))
        #expect(miss["message"] as? String == "No contacts found")
    }

    @Test("PATCH with the current ETag changes the fields given and bumps the ETag; a stale one is 412")
    func patch() throws {
        let app = try TestApplication()
        let id = try #require(TestApplication.object(try app.request("POST", "/v1/contacts", json: charlie))["id"] as? String)
        let patched = try app.request("PATCH", "/v1/contacts/\(id)", json: #"{"phone":null,"address":{"city":"Ottawa"}}"#, headers: ["If-Match": "\"1\""])
        #expect(patched.status == 200)
        #expect(patched.header("ETag") == "\"2\"")
        let body = TestApplication.object(patched)
        #expect(body["phone"] is NSNull)
        #expect((body["address"] as? [String: Any])?["city"] as? String == "Ottawa")
        #expect((body["address"] as? [String: Any])?["street"] as? String == "1 Pine St")
        let stale = try app.request("PATCH", "/v1/contacts/\(id)", json: #"{"phone":"1"}"#, headers: ["If-Match": "\"1\""])
        #expect(stale.status == 412)
        #expect(stale.header("ETag") == "\"2\"")
        #expect(TestApplication.object(try app.request("GET", "/v1/contacts/\(id)"))["phone"] is NSNull)
    }

    @Test("DELETE answers 204, then the contact is gone")
    func delete() throws {
        let app = try TestApplication()
        let id = try #require(TestApplication.object(try app.request("POST", "/v1/contacts", json: charlie))["id"] as? String)
        #expect(try app.request("DELETE", "/v1/contacts/\(id)").status == 204)
        #expect(try app.request("GET", "/v1/contacts/\(id)").status == 404)
        #expect(try app.request("DELETE", "/v1/contacts/\(id)").status == 404)
    }

    @Test("bad input gets a problem naming the field, and stored data stays as it was")
    func badInput() throws {
        let app = try TestApplication()
        let id = try #require(TestApplication.object(try app.request("POST", "/v1/contacts", json: charlie))["id"] as? String)
        let before = try app.request("GET", "/v1/contacts/\(id)").body

        let cases: [(String, String, String?, [String: String], Int, String)] = [
            ("POST", "/v1/contacts", #"{"email":"x@y.com"}"#, [:], 422, "/firstName"),
            ("POST", "/v1/contacts", #"{"lastName":"B","email":"nope"}"#, [:], 422, "/email"),
            ("POST", "/v1/contacts", #"{"lastName":7}"#, [:], 400, "/lastName"),
            ("POST", "/v1/contacts", #"{"lastName":"B","birthday":"1950-13-01"}"#, [:], 400, "/birthday"),
            ("POST", "/v1/contacts", #"{"lastName":"B""#, [:], 400, "malformed_json"),
            ("POST", "/v1/contacts", #"{"lastName":"B"}"#, ["Content-Type": "text/plain"], 415, "unsupported_media_type"),
            ("PATCH", "/v1/contacts/\(id)", #"{"firstName":null,"lastName":null}"#, [:], 422, "/lastName"),
            ("PATCH", "/v1/contacts/\(id)", #"{"address":[]}"#, [:], 400, "/address"),
            ("PATCH", "/v1/contacts/\(id)", #"{"phone":"1"}"#, ["If-Match": "W/\"1\""], 400, "If-Match"),
            ("GET", "/v1/contacts?limit=abc", nil, [:], 400, "limit"),
            ("GET", "/v1/contacts?cursor=forged", nil, [:], 400, "cursor"),
            ("GET", "/v1/contacts/bad%20id", nil, [:], 400, "\"parameter\":\"id\""),
            ("PUT", "/v1/contacts/\(id)", #"{}"#, [:], 405, "method_not_allowed"),
        ]
        for (method, target, json, headers, status, mention) in cases {
            let response = try app.request(method, target, json: json, headers: headers)
            #expect(response.status == status, "\(method) \(target) \(json ?? "")")
            #expect(response.header("Content-Type") == "application/problem+json")
            #expect(response.text.contains(mention), "\(response.text)")
            #expect(response.header("X-Request-ID").map { response.text.contains($0) } == true)
        }
        #expect(try app.request("GET", "/v1/contacts/\(id)").body == before)
        #expect((TestApplication.object(try app.request("GET", "/v1/contacts"))["items"] as? [Any])?.count == 1)
    }

    @Test("operational endpoints: ready, metrics by template, the OpenAPI document")
    func operational() throws {
        let app = try TestApplication()
        #expect(try app.request("GET", "/health/ready").text == #"{"status":"ready"}"#)
        try app.request("GET", "/v1/contacts/c_unknown")
        let metrics = try app.metrics()
        #expect(metrics.header("Content-Type")?.hasPrefix("text/plain") == true)
        #expect(metrics.text.contains(#"route="/v1/contacts/{id}",status="404"} 1"#))
        #expect(!metrics.text.contains("c_unknown"))
        #expect(metrics.text.contains("viperd_database_queries_total"))
        let openAPI = try app.request("GET", "/openapi.json")
        #expect(openAPI.status == 200)
        #expect((TestApplication.object(openAPI)["openapi"] as? String)?.hasPrefix("3.1") == true)
    }
}
