import Foundation
import TestSupport
import Testing

/// The contacts API as a client generated from `/openapi.json` (swift-openapi-generator) uses it:
/// header values percent-encoded, optionals that leave `nil` out instead of sending `null`.
@Suite("contacts API from a generated client")
struct ContactsGeneratedClientTests {
    let charlie = #"{"firstName":"Charlie","lastName":"Brown","email":"charlie@example.com","phone":"+1 555 0100","birthday":"1950-10-02","address":{"street":"1 Pine St","street2":"Apt 2","city":"Toronto","province":"ON","postalCode":"M5V 2T6","country":"CA"}}"#

    func create(_ app: TestApplication) throws -> String {
        try #require(TestApplication.object(try app.request("POST", "/v1/contacts", json: charlie))["id"] as? String)
    }

    @Test("a PATCH with a percent-encoded If-Match succeeds, a stale encoded one is 412, and garbage is still 400 invalid_if_match")
    func percentEncodedIfMatch() throws {
        let app = try TestApplication()
        let id = try create(app)

        let updated = try app.request("PATCH", "/v1/contacts/\(id)", json: #"{"phone":"2"}"#, headers: ["If-Match": "%221%22"])
        #expect(updated.status == 200)
        #expect(updated.header("ETag") == #""2""#)
        #expect(TestApplication.object(updated)["phone"] as? String == "2")

        let stale = try app.request("PATCH", "/v1/contacts/\(id)", json: #"{"phone":"3"}"#, headers: ["If-Match": "%221%22"])
        #expect(stale.status == 412)
        #expect(stale.text.contains("stale_etag"))
        #expect(stale.header("ETag") == #""2""#)

        let any = try app.request("PATCH", "/v1/contacts/\(id)", json: #"{"phone":"4"}"#, headers: ["If-Match": "%2A"])
        #expect(any.status == 200)
        #expect(any.header("ETag") == #""3""#)

        let before = try app.request("GET", "/v1/contacts/\(id)").body
        for garbage in ["%22abc%22", "%zz", "%221%22x", "%2A%2A", "W/%221%22", "%223%22%2C%224%22"] {
            let refused = try app.request("PATCH", "/v1/contacts/\(id)", json: #"{"phone":"5"}"#, headers: ["If-Match": garbage])
            #expect(refused.status == 400, "If-Match: \(garbage)")
            #expect(refused.header("Content-Type") == "application/problem+json")
            #expect(refused.text.contains("invalid_if_match"), "If-Match: \(garbage): \(refused.text)")
        }
        #expect(try app.request("GET", "/v1/contacts/\(id)").body == before)
    }

    @Test("a GET with a percent-encoded If-None-Match naming the current ETag is 304; another tag is 200")
    func percentEncodedIfNoneMatch() throws {
        let app = try TestApplication()
        let id = try create(app)
        for matching in ["%221%22", "%2A", "%222%22, %221%22", "W/%221%22"] {
            let response = try app.request("GET", "/v1/contacts/\(id)", headers: ["If-None-Match": matching])
            #expect(response.status == 304, "If-None-Match: \(matching)")
            #expect(response.body.isEmpty)
        }
        for other in ["%222%22", "%zz", "%221"] {
            #expect(try app.request("GET", "/v1/contacts/\(id)", headers: ["If-None-Match": other]).status == 200, "If-None-Match: \(other)")
        }
    }

    /// Where each nullable field of a contact sits, in a PATCH body as in the answer.
    static let nullableFields: [[String]] =
        ["firstName", "lastName", "email", "phone", "birthday"].map { [$0] }
        + ["street", "street2", "city", "province", "postalCode", "country"].map { ["address", $0] }

    /// A PATCH body setting the field at `path` to the JSON `value`.
    static func patch(_ path: [String], _ value: String) -> String {
        path.reversed().reduce(value) { inner, key in #"{"\#(key)":\#(inner)}"# }
    }

    /// What a decoded answer holds at `path`.
    static func value(_ body: [String: Any], at path: [String]) -> Any? {
        var node: Any? = body
        for key in path { node = (node as? [String: Any])?[key] }
        return node
    }

    @Test("every nullable contact field is cleared by a PATCH sending an empty or blank string, as by null, and only that field")
    func blankClears() throws {
        let app = try TestApplication()
        for field in Self.nullableFields {
            for clearing in [#""""#, #"" \t ""#, "null"] {
                let id = try create(app)
                let before = TestApplication.object(try app.request("GET", "/v1/contacts/\(id)"))
                #expect(Self.value(before, at: field) is String, "\(field) starts set")
                let patched = try app.request("PATCH", "/v1/contacts/\(id)", json: Self.patch(field, clearing))
                #expect(patched.status == 200, "\(field): \(clearing): \(patched.text)")
                let after = TestApplication.object(try app.request("GET", "/v1/contacts/\(id)"))
                #expect(Self.value(after, at: field) is NSNull, "\(field) cleared by \(clearing)")
                for other in Self.nullableFields where other != field {
                    #expect(Self.value(after, at: other) as? String == Self.value(before, at: other) as? String, "\(other) kept")
                }
            }
        }
    }

    @Test("an address with every field blank clears the whole address")
    func blankAddressClears() throws {
        let app = try TestApplication()
        let id = try create(app)
        let blank = #"{"address":{"street":"","street2":"","city":"","province":"","postalCode":"","country":""}}"#
        #expect(try app.request("PATCH", "/v1/contacts/\(id)", json: blank).status == 200)
        let address = try #require(TestApplication.object(try app.request("GET", "/v1/contacts/\(id)"))["address"] as? [String: Any])
        #expect(address.count == 6)
        #expect(address.values.allSatisfy { $0 is NSNull })
    }

    @Test("the either-name rule holds for blank names: a contact needs a non-blank firstName or lastName (422), and nothing is stored")
    func eitherNameWithBlanks() throws {
        let app = try TestApplication()
        let refused = try app.request("POST", "/v1/contacts", json: #"{"firstName":"","lastName":"  ","email":"a@example.com"}"#)
        #expect(refused.status == 422)
        #expect(refused.text.contains(#""pointer":"/firstName""#) && refused.text.contains(#""pointer":"/lastName""#))
        #expect((TestApplication.object(try app.request("GET", "/v1/contacts"))["items"] as? [Any])?.isEmpty == true)

        #expect(try app.request("POST", "/v1/contacts", json: #"{"firstName":"","lastName":"Brown"}"#).status == 201)
        let id = try create(app)
        let before = try app.request("GET", "/v1/contacts/\(id)").body
        let cleared = try app.request("PATCH", "/v1/contacts/\(id)", json: #"{"firstName":"","lastName":""}"#)
        #expect(cleared.status == 422)
        #expect(try app.request("GET", "/v1/contacts/\(id)").body == before)
    }
}
