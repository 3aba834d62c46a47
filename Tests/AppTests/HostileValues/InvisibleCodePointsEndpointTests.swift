import App
import Domain
import Foundation
import TestSupport
import Testing

/// Emails and names that hide or reorder text, end to end: each is 422 with its field error at
/// its pointer, and nothing is stored.
@Suite("invisible code points in emails and names, end to end")
struct InvisibleCodePointsEndpointTests {
    /// The `errors` of a problem answer, as (pointer, code) pairs.
    static func errors(_ response: TestClient.Response) -> [String] {
        ((TestApplication.object(response)["errors"] as? [[String: Any]]) ?? []).map { "\($0["pointer"] ?? "") \($0["code"] ?? "")" }
    }

    static func register(_ app: TestApplication, name: String = "Bob", email: String) throws -> TestClient.Response {
        try app.request("POST", "/v1/users", json: #"{"name":"\#(name)","email":"\#(email)","password":"correct horse battery"}"#, auth: .none)
    }

    @Test("an email with a zero-width space, a direction mark or a byte order mark is not a second user", arguments: [
        #"bob\u200B@example.com"#, #"bob\u200E@example.com"#, #"bob@example.com\u202E"#, #"\uFEFFbob@example.com"#, #"bob@exam\u00ADple.com"#,
        #"bob\uDB40\uDC41@example.com"#, #"bob\u180E@example.com"#, #"bob\u2066@example.com"#,
    ])
    func emailRefused(email: String) throws {
        let app = try TestApplication()
        _ = try app.register(email: "bob@example.com")
        let refused = try Self.register(app, email: email)
        #expect(refused.status == 422)
        #expect(TestApplication.object(refused)["code"] as? String == "validation_failed")
        #expect(Self.errors(refused) == ["/email invisible_characters"])
        // Nothing stored: the address cannot sign in, and Bob is still the only Bob.
        #expect(try app.request("POST", "/v1/sessions", json: #"{"email":"\#(email)","password":"correct horse battery"}"#, auth: .none).status == 401)
        #expect(try app.application.storage.gateway.users.signInCandidates(email: "bob@example.com", limit: 4).count == 1)
    }

    @Test("a domain beyond ASCII is 422 non_ascii_domain with a clear detail; its xn-- form registers, lowercased")
    func internationalizedDomain() throws {
        let app = try TestApplication()
        let refused = try Self.register(app, email: "bob@bücher.example")
        #expect(refused.status == 422)
        #expect(Self.errors(refused) == ["/email non_ascii_domain"])
        #expect((TestApplication.object(refused)["detail"] as? String)?.contains("xn--") == true)
        let french = try app.request(
            "POST", "/v1/users", json: #"{"name":"Bob","email":"bob@bücher.example","password":"correct horse battery"}"#,
            headers: ["Accept-Language": "fr"], auth: .none)
        #expect((TestApplication.object(french)["detail"] as? String)?.contains("ASCII") == true)
        let registered = try Self.register(app, email: "Bob@XN--Bcher-KVA.Example")
        #expect(registered.status == 202)
        let token = try app.signIn(email: "bob@xn--bcher-kva.example")
        #expect(TestApplication.object(try app.request("GET", "/v1/me", auth: .bearer(token)))["email"] as? String == "bob@xn--bcher-kva.example")
    }

    @Test("a user's name that reorders itself or hides characters is 422 at /name; nothing is stored", arguments: [
        #"\u202Eevil"#, #"Bo\u200Bb"#, #"Bob\u2066"#, #"Bo\u0085b"#, #"Bo\u009Bb"#, #"\u2800"#,
    ])
    func userNameRefused(name: String) throws {
        let app = try TestApplication()
        let refused = try Self.register(app, name: name, email: "bob@example.com")
        #expect(refused.status == 422)
        #expect(Self.errors(refused) == ["/name invisible_characters"])
        #expect(try Self.register(app, email: "bob@example.com").status == 202)
    }

    @Test("a contact's names and email: refused on create and on update, the stored contact untouched")
    func contactRefused() throws {
        let app = try TestApplication()
        let created = try app.request("POST", "/v1/contacts", json: #"{"firstName":"Ada","lastName":"Lovelace","email":"ada@example.com"}"#)
        #expect(created.status == 201)
        let id = try #require(TestApplication.object(created)["id"] as? String)
        let refused = try app.request("POST", "/v1/contacts", json: #"{"firstName":"A\u200Bda","lastName":"\u202Eecalevol","email":"ada\u200E@example.com"}"#)
        #expect(refused.status == 422)
        #expect(Self.errors(refused) == ["/firstName invisible_characters", "/lastName invisible_characters", "/email invisible_characters"])
        let update = try app.request("PATCH", "/v1/contacts/\(id)", json: #"{"lastName":"Love\u2067lace","email":"ada@exämple.com"}"#)
        #expect(update.status == 422)
        #expect(Self.errors(update) == ["/lastName invisible_characters", "/email non_ascii_domain"])
        let stored = TestApplication.object(try app.request("GET", "/v1/contacts/\(id)"))
        #expect(stored["lastName"] as? String == "Lovelace")
        #expect(stored["email"] as? String == "ada@example.com")
        #expect((TestApplication.object(try app.request("GET", "/v1/contacts"))["items"] as? [Any])?.count == 1)
    }

    @Test("a Persian name with its zero-width non-joiner and an emoji family are names, not tricks")
    func writingPasses() throws {
        let app = try TestApplication()
        let created = try app.request("POST", "/v1/contacts", json: #"{"firstName":"\u0645\u06cc\u200c\u062e\u0648\u0627\u0647\u0645","lastName":"\ud83d\udc68\u200d\ud83d\udc69\u200d\ud83d\udc67"}"#)
        #expect(created.status == 201, "\(created.text)")
    }

    @Test("an account name that transfer descriptions would carry: refused with invisible or direction code points")
    func accountNameRefused() throws {
        let app = try TestApplication()
        let refused = try app.request("POST", "/v1/accounts", json: #"{"name":"Sav\u202Eings","currency":"CAD"}"#)
        #expect(refused.status == 422)
        #expect(Self.errors(refused) == ["/name invisible_characters"])
        #expect((TestApplication.object(try app.request("GET", "/v1/accounts"))["items"] as? [Any])?.count == 1)
    }
}
