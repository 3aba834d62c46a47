import HTTPServer
import Testing
@testable import Web

/// `If-Match` / `If-None-Match` values as swift-openapi-runtime sends them: percent-encoded.
@Suite("percent-encoded entity tags")
struct PercentEncodedEntityTagsTests {
    @Test("a value whose percent-decoded form is `*` or an entity-tag list is taken decoded", arguments: [
        ("%221%22", #""1""#), ("%2A", "*"), ("%2a", "*"), ("%20%2A", " *"), (#"%221%22, W/%222%22"#, #""1", W/"2""#),
        (#""1%22"#, #""1""#), ("%22%C3%A9%22", "\"é\""),
    ])
    func decoded(sent: String, honoured: String) {
        #expect(PercentEncodedEntityTags.decoded(sent) == honoured)
    }

    @Test("a valid value, or one whose decoded form is no entity-tag list either, stays as sent", arguments: [
        #""1""#, "*", #""a%22b""#, #"W/"1""#, "%zz", "%22abc", "%221%22x", "%0D%0A", "%22%00%22", "1", "", "%",
    ])
    func unchanged(sent: String) {
        #expect(PercentEncodedEntityTags.decoded(sent) == sent)
    }

    @Test("a request's If-Match and If-None-Match lines are decoded; other fields and their order are kept")
    func request() {
        let headers = HTTPHeaders([
            ("Host", "t"), ("If-None-Match", "%221%22"), ("X-Note", "%22kept%22"), ("if-match", "%2A"), ("If-None-Match", #""2""#),
        ])
        var request = HTTPRequest(method: .get, target: "/x", path: "/x", query: nil, version: .http1_1, headers: headers, body: [])
        PercentEncodedEntityTags.decode(&request)
        #expect(request.headers.fields.map(\.name) == ["Host", "If-None-Match", "X-Note", "if-match", "If-None-Match"])
        #expect(request.headers.values(for: "If-None-Match") == [#""1""#, #""2""#])
        #expect(request.headers["If-Match"] == "*")
        #expect(request.headers["X-Note"] == "%22kept%22")
    }
}
