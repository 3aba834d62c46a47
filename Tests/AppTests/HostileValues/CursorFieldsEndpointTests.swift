import App
import Foundation
import TestSupport
import Testing

/// Every list endpoint's real cursor with each field replaced by an extreme number: the server
/// answers 400 `invalid_cursor` naming `cursor` and keeps serving (a timestamp of `Int64.max` in
/// an account cursor once trapped in `Int64(Double)` and ended the process).
@Suite("cursor fields with extreme values, end to end")
struct CursorFieldsEndpointTests {
    /// The values each field is replaced with: the ends of `Int64`, around zero, and 20 digits.
    static let extremes = ["9223372036854775807", "-9223372036854775808", "-1", "0", "12345678901234567890"]

    /// A list endpoint, which of its cursor's parts (after the version tag) are text, where a
    /// number is as good a value as any (an id, which is opaque text, a contact's sort name, a
    /// product's name), and which extreme values of a number part the server can really issue (an
    /// order total of 0). Those may answer 200; every other replacement must be refused.
    struct Listing: CustomStringConvertible {
        let path: String
        let textParts: Set<Int>
        var issuable: [Int: Set<String>] = [:]
        var description: String { path }

        func mayAnswer(part: Int, _ value: String) -> Bool {
            textParts.contains(part) || issuable[part]?.contains(value) == true
        }
    }

    /// The application with at least two items in every list, and the lists' first pages of one.
    static func populated() throws -> (TestApplication, [Listing]) {
        let app = try TestApplication()
        for name in ["Lucy", "Linus"] {
            #expect(try app.request("POST", "/v1/contacts", json: #"{"firstName":"\#(name)","lastName":"van Pelt"}"#).status == 201)
        }
        for _ in 0..<2 { #expect(try app.request("POST", "/v1/orders", json: OrdersEndpointTests.body()).status == 201) }
        let main = try #require(try app.firstAccount()["id"] as? String)
        let feed = app.directory.appendingPathComponent("feed.json")
        try Data(#"[{"group":"P","date":"2026-11-01","description":"Deposit","amount":"100.00","debit":"C"},{"group":"P","date":"2026-11-02","description":"Deposit","amount":"1.00","debit":"C"}]"#.utf8)
            .write(to: feed)
        try app.importFeed(feed, into: main)
        let savings = try #require(TestApplication.object(try app.request("POST", "/v1/accounts", json: #"{"name":"Savings","currency":"CAD"}"#))["id"] as? String)
        for key in ["k1", "k2"] {
            let sent = try app.request(
                "POST", "/v1/transfers", json: #"{"fromAccountId":"\#(main)","toAccountId":"\#(savings)","amount":"1.00"}"#, headers: ["Idempotency-Key": key])
            #expect(sent.status == 201, "\(sent.text)")
        }
        return (app, [
            Listing(path: "/v1/contacts?limit=1", textParts: [1, 2]),
            Listing(path: "/v1/products?limit=1", textParts: [1, 2]),
            Listing(path: "/v1/orders?limit=1&sort=-placedAt", textParts: [3]),
            // A free product shipped free totals 0.
            Listing(path: "/v1/orders?limit=1&sort=orderTotal", textParts: [3], issuable: [2: ["0"]]),
            Listing(path: "/v1/accounts?limit=1", textParts: [2]),
            Listing(path: "/v1/accounts/\(main)/transactions?limit=1", textParts: []),
            Listing(path: "/v1/transfers?limit=1", textParts: [2]),
        ])
    }

    /// The cursor's parts: base64url without padding of U+001F-separated text.
    static func parts(_ cursor: String) throws -> [String] {
        var base64 = cursor.replacingOccurrences(of: "-", with: "+").replacingOccurrences(of: "_", with: "/")
        base64 += String(repeating: "=", count: (4 - base64.count % 4) % 4)
        let data = try #require(Data(base64Encoded: base64))
        return String(decoding: data, as: UTF8.self).split(separator: "\u{1F}", omittingEmptySubsequences: false).map(String.init)
    }

    static func cursor(_ parts: [String]) -> String {
        Data(parts.joined(separator: "\u{1F}").utf8).base64EncodedString()
            .replacingOccurrences(of: "+", with: "-").replacingOccurrences(of: "/", with: "_").replacingOccurrences(of: "=", with: "")
    }

    @Test("the cursor of the report: Int64.max milliseconds in an account cursor is 400, and the server still answers")
    func reportedCursor() throws {
        let app = try TestApplication()
        let response = try app.request("GET", "/v1/accounts?cursor=YTEfOTIyMzM3MjAzNjg1NDc3NTgwNx9hX3g")
        #expect(response.status == 400)
        let problem = TestApplication.object(response)
        #expect(problem["code"] as? String == "malformed_request")
        let errors = problem["errors"] as? [[String: Any]] ?? []
        #expect(errors.first?["parameter"] as? String == "cursor" && errors.first?["code"] as? String == "invalid_cursor")
        #expect(try app.request("GET", "/health", auth: .none).status == 200)
    }

    @Test("every number in every list's cursor, replaced by an extreme number, is refused with 400 invalid_cursor; text parts never crash")
    func everyField() throws {
        let (app, listings) = try Self.populated()
        for listing in listings {
            let page = TestApplication.object(try app.request("GET", listing.path))
            let next = try #require(page["nextCursor"] as? String, "\(listing): no next cursor in \(page)")
            let original = try Self.parts(next)
            // The real cursor itself is good.
            #expect(try app.request("GET", listing.path + "&cursor=" + next).status == 200, "\(listing)")
            for field in 1..<original.count {
                for value in Self.extremes {
                    var parts = original
                    parts[field] = value
                    let response = try app.request("GET", listing.path + "&cursor=" + Self.cursor(parts))
                    if listing.mayAnswer(part: field, value) && response.status == 200 { continue }
                    #expect(response.status == 400, "\(listing) part \(field) = \(value): \(response.status) \(response.text)")
                    let errors = TestApplication.object(response)["errors"] as? [[String: Any]] ?? []
                    #expect(errors.contains { $0["parameter"] as? String == "cursor" && $0["code"] as? String == "invalid_cursor" },
                            "\(listing) part \(field) = \(value): \(response.text)")
                }
            }
        }
        #expect(try app.request("GET", "/health", auth: .none).status == 200)
        #expect(try app.request("GET", "/v1/accounts").status == 200)
    }
}
