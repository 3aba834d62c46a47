import App
import DomainTestSupport
import Foundation
import Synchronization
import TestSupport
import Testing

/// Each user's rate of changes and of money movements, end to end on both stores: the answers
/// carry the `RateLimit` fields, the change past the quota is 429, a burst gets only the quota,
/// and another user is not affected. The rates count in fixed minutes from the epoch, so each
/// test's clock stands still: on the real one, a minute ending between a test's first counted
/// change and the one past the quota would give a fresh budget and let that change through.
@Suite("per-user write rates")
struct WriteRateEndpointTests {
    static let contact = #"{"firstName":"Lucy","lastName":"van Pelt"}"#

    @Test("past the quota a change is 429 with Retry-After and the RateLimit fields; another user still writes", arguments: TestStore.allCases)
    func quota(store: TestStore) throws {
        let app = try TestApplication.on(store, clock: FixedClock(Date())) { $0.writesPerMinute = 3 }
        let other = try app.register(email: "other@example.com")
        for remaining in [2, 1, 0] {
            let created = try app.request("POST", "/v1/contacts", json: Self.contact)
            #expect(created.status == 201)
            #expect(created.header("RateLimit-Policy") == #""writes";q=3;w=60"#)
            #expect(created.header("RateLimit")?.hasPrefix(#""writes";r=\#(remaining);t="#) == true, "\(created.header("RateLimit") ?? "none")")
        }
        let refused = try app.request("POST", "/v1/contacts", json: Self.contact)
        #expect(refused.status == 429)
        #expect(TestApplication.object(refused)["code"] as? String == "rate_limited")
        #expect(refused.header("Retry-After").flatMap(Int.init).map { (1...60).contains($0) } == true)
        #expect(try app.request("POST", "/v1/contacts", json: Self.contact, auth: .bearer(other)).status == 201, "another user's budget is whole")
        let listed = TestApplication.object(try app.request("GET", "/v1/contacts"))["items"] as? [Any]
        #expect(listed?.count == 3, "the refused change stored nothing")
    }

    @Test("a parallel burst of one user's changes gets exactly the quota", arguments: TestStore.allCases)
    func burst(store: TestStore) throws {
        let app = try TestApplication.on(store, clock: FixedClock(Date())) { $0.writesPerMinute = 7 }
        let statuses = Mutex<[Int]>([])
        // The application only hands out fresh connections; it is safe to share across threads.
        nonisolated(unsafe) let shared = app
        Threads.run(count: 30) { _ in
            let status = (try? shared.request("POST", "/v1/contacts", json: Self.contact).status) ?? 0
            statuses.withLock { $0.append(status) }
        }
        let all = statuses.withLock { $0 }
        #expect(all.filter { $0 == 201 }.count == 7, "\(all)")
        #expect(all.filter { $0 == 429 }.count == 23)
    }

    @Test("money movements have a budget of their own", arguments: TestStore.allCases)
    func transfers(store: TestStore) throws {
        let app = try TestApplication.on(store, clock: FixedClock(Date())) { $0.transfersPerMinute = 1 }
        let accounts = TestApplication.object(try app.request("GET", "/v1/accounts"))["items"] as? [[String: Any]]
        let from = try #require(accounts?.first?["id"] as? String)
        let body = #"{"fromAccountId":"\#(from)","toAccountId":"\#(from)","amount":"1.00"}"#
        let first = try app.request("POST", "/v1/transfers", json: body)
        #expect(first.status != 429)
        #expect(first.header("RateLimit-Policy") == #""transfers";q=1;w=60"#)
        #expect(try app.request("POST", "/v1/transfers", json: body).status == 429)
        #expect(try app.request("POST", "/v1/contacts", json: Self.contact).status == 201, "other changes keep their own budget")
    }
}
