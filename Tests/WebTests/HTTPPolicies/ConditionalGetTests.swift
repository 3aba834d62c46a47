import HTTPServer
import Testing
@testable import Web

/// When a response becomes 304 Not Modified, and what a 304 keeps.
@Suite("conditional GET")
struct ConditionalGetTests {
    func request(_ method: HTTPMethod, ifNoneMatch: String?) -> HTTPRequest {
        var headers: HTTPHeaders = ["Host": "t"]
        if let ifNoneMatch { headers.add(name: "If-None-Match", value: ifNoneMatch) }
        return HTTPRequest(method: method, target: "/x", path: "/x", query: nil, version: .http1_1, headers: headers, body: [])
    }

    let contact = HTTPResponse(
        status: .ok,
        headers: ["Content-Type": "application/json", "Content-Language": "en", "Vary": "Accept-Language", "ETag": #""3""#],
        body: Array(#"{"id":"c_1"}"#.utf8))

    @Test("a GET or HEAD whose tag matches gets 304 with the ETag and Vary, no body and no Content-* fields", arguments: [HTTPMethod.get, .head])
    func notModified(method: HTTPMethod) {
        var response = contact
        ConditionalGet.apply(to: &response, for: request(method, ifNoneMatch: #"W/"3""#))
        #expect(response.status.code == 304)
        #expect(response.body.isEmpty)
        #expect(response.headers["ETag"] == #""3""#)
        #expect(response.headers["Vary"] == "Accept-Language")
        #expect(response.headers["Content-Type"] == nil)
        #expect(response.headers["Content-Language"] == nil)
    }

    static let unchangedCases: [(HTTPMethod, String?)] = [
        (.get, #""2""#), (.get, nil), (.get, "garbage"), (.patch, #""3""#), (.delete, "*"), (.post, "*"),
    ]

    @Test("anything else keeps the full response", arguments: unchangedCases)
    func unchanged(method: HTTPMethod, ifNoneMatch: String?) {
        var response = contact
        ConditionalGet.apply(to: &response, for: request(method, ifNoneMatch: ifNoneMatch))
        #expect(response.status.code == 200)
        #expect(response.body == contact.body)
    }

    @Test("only a 200 with an ETag can become 304")
    func onlyTaggedSuccess() {
        var created = contact
        created.status = .created
        ConditionalGet.apply(to: &created, for: request(.get, ifNoneMatch: "*"))
        #expect(created.status.code == 201)
        var untagged = contact
        untagged.headers.remove(name: "ETag")
        ConditionalGet.apply(to: &untagged, for: request(.get, ifNoneMatch: "*"))
        #expect(untagged.status.code == 200)
    }
}
