import Domain
import DomainTestSupport
import Foundation
import HTTPServer
import Testing
@testable import Web

/// Each user's rate of changes at the root router: every answer of a limited route carries the
/// `RateLimit-Policy` and `RateLimit` fields, and the request past the quota is 429 with them.
/// The router's clock stands still, so no minute ends between a test's requests.
@Suite("rate limit fields")
struct RateLimitFieldsTests {
    func request(_ method: HTTPMethod, _ path: String, token: String = goodToken, body: String = "{") -> HTTPRequest {
        let headers: HTTPHeaders = ["Host": "t", "Authorization": "Bearer \(token)", "Content-Type": "application/json", "Accept-Language": "fr"]
        var request = HTTPRequest(method: method, target: path, path: path, query: nil, version: .http1_1, headers: headers, body: Array(body.utf8))
        request.requestID = "r1"
        return request
    }

    @Test("changes carry the policy and what remains; the one past the quota is 429 rate_limited with Retry-After, in the client's language")
    func writes() throws {
        let router = makeRouter(writeThrottle: WriteThrottle(counter: InMemoryRateWindowCounter(), writesPerMinute: 2, transfersPerMinute: 1), clock: FixedClock(Date()))
        let first = router.respond(to: request(.post, "/v1/contacts"))
        #expect(first.status.code == 400, "a malformed body still draws on the budget: the request was made")
        #expect(first.headers["RateLimit-Policy"] == #""writes";q=2;w=60"#)
        let remaining = try #require(first.headers["RateLimit"])
        #expect(remaining.hasPrefix(#""writes";r=1;t="#))
        _ = router.respond(to: request(.post, "/v1/contacts"))
        let refused = router.respond(to: request(.post, "/v1/contacts"))
        #expect(refused.status.code == 429)
        #expect(refused.headers["RateLimit-Policy"] == #""writes";q=2;w=60"#)
        #expect(refused.headers["RateLimit"]?.hasPrefix(#""writes";r=0;t="#) == true)
        let wait = try #require(refused.headers["Retry-After"].flatMap { Int($0) })
        #expect((1...60).contains(wait))
        let text = String(decoding: refused.body, as: UTF8.self)
        #expect(text.contains(#""code":"rate_limited""#))
        #expect(text.contains("Trop de modifications pour ce compte (2 par minute)"))
    }

    @Test("reads, signing out and routes of another user are not limited by a spent budget")
    func notLimited() {
        let router = makeRouter(writeThrottle: WriteThrottle(counter: InMemoryRateWindowCounter(), writesPerMinute: 1, transfersPerMinute: 1), clock: FixedClock(Date()))
        _ = router.respond(to: request(.post, "/v1/contacts"))
        #expect(router.respond(to: request(.post, "/v1/contacts")).status.code == 429)
        let read = router.respond(to: request(.get, "/v1/contacts?limit=none"))
        #expect(read.headers["RateLimit"] == nil)
        #expect(read.status.code != 429)
        let signOut = router.respond(to: request(.delete, "/v1/sessions/current"))
        #expect(signOut.status.code != 429)
        #expect(signOut.headers["RateLimit"] == nil)
    }

    @Test("money movements draw on their own budget, apart from other changes")
    func transfers() {
        let router = makeRouter(writeThrottle: WriteThrottle(counter: InMemoryRateWindowCounter(), writesPerMinute: 1, transfersPerMinute: 2), clock: FixedClock(Date()))
        _ = router.respond(to: request(.post, "/v1/contacts"))
        let transfer = router.respond(to: request(.post, "/v1/transfers"))
        #expect(transfer.status.code != 429)
        #expect(transfer.headers["RateLimit-Policy"] == #""transfers";q=2;w=60"#)
        _ = router.respond(to: request(.post, "/v1/transfers"))
        #expect(router.respond(to: request(.post, "/v1/transfers")).status.code == 429)
    }

    @Test("a draft's submission moves money; its other steps are changes; reads and signing out are neither")
    func kinds() {
        #expect(RateLimitFields.kind(of: .transfers(.submitDraft(id: "d_1")), method: .post) == .transfers)
        #expect(RateLimitFields.kind(of: .transfers(.create), method: .post) == .transfers)
        #expect(RateLimitFields.kind(of: .transfers(.createDraft), method: .post) == .writes)
        #expect(RateLimitFields.kind(of: .transfers(.updateDraft(id: "d_1")), method: .patch) == .writes)
        #expect(RateLimitFields.kind(of: .contacts(.delete(id: "c_1")), method: .delete) == .writes)
        #expect(RateLimitFields.kind(of: .contacts(.list), method: .get) == nil)
        #expect(RateLimitFields.kind(of: .sessions(.deleteCurrent), method: .delete) == nil)
    }
}
