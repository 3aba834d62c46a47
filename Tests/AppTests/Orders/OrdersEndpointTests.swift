import App
import Domain
import Foundation
import Synchronization
import TestSupport
import Testing

/// Products and orders over a real socket, against a real temporary database.
@Suite("products and orders API, end to end")
struct OrdersEndpointTests {
    static let address = #"{"street":"1 Main St","city":"Toronto","province":"ON","postalCode":"M5V 1A1","country":"CA"}"#

    /// A complete order body with these items (JSON text) and extra top-level members.
    static func body(items: String = #"[{"productId":"p_mouse","quantity":2},{"productId":"p_pen_set","quantity":1}]"#, speed: String = "twoDay", extra: String = "") -> String {
        #"{"customer":{"firstName":"Ada","lastName":"Lovelace","email":"ada@example.com","phone":"555-0100"},"billingAddress":\#(address),"#
            + #""shipmentAddress":\#(address),"shipmentMethod":"\#(speed)","items":\#(items)\#(extra)}"#
    }

    func orderCount(_ app: TestApplication) throws -> Int {
        let list = TestApplication.object(try app.request("GET", "/v1/orders?limit=100"))
        return (list["items"] as? [Any])?.count ?? -1
    }

    func ids(_ response: TestClient.Response) -> [String] {
        (TestApplication.object(response)["items"] as? [[String: Any]])?.compactMap { $0["id"] as? String } ?? []
    }

    @Test("the catalog lists by name in pages and shows one product with its price formatted per language")
    func products() throws {
        let app = try TestApplication()
        let first = try app.request("GET", "/v1/products?limit=5")
        #expect(first.status == 200)
        let page = TestApplication.object(first)
        #expect((page["items"] as? [Any])?.count == 5)
        let cursor = try #require(page["nextCursor"] as? String)
        let rest = try app.request("GET", "/v1/products?limit=100&cursor=\(cursor)")
        #expect(ids(rest).count == 7)
        let french = try app.request("GET", "/v1/products/p_mouse", headers: ["Accept-Language": "fr"])
        #expect(french.text == #"{"id":"p_mouse","name":"Wireless Mouse","price":{"minor":3999,"currency":"CAD","formatted":"39,99\#u{A0}$"}}"#)
        #expect(try app.request("GET", "/v1/products/p_nothing").status == 404)
        #expect(try app.request("GET", "/v1/products/bad%20id").status == 400)
        #expect(try app.request("GET", "/v1/products", auth: .none).status == 401)
    }

    @Test("create computes totals on the server and answers 201 with Location and ETag; show returns the same document")
    func createAndShow() throws {
        let app = try TestApplication()
        // Prices and totals a client sends are ignored.
        let created = try app.request("POST", "/v1/orders", json: Self.body(extra: #","orderTotal":1,"items_total":{"minor":1}"#))
        #expect(created.status == 201, "\(created.text)")
        let order = TestApplication.object(created)
        let id = try #require(order["id"] as? String)
        #expect(created.header("Location") == "/v1/orders/\(id)")
        #expect(created.header("ETag") == "\"1\"")
        #expect(order["number"] as? String == "SO-000001")
        #expect(order["status"] as? String == "placed")
        // 2 × 39.99 + 8.99 = 88.97; 13 % is 11.5661 → 11.57; two-day shipping 15.00, untaxed.
        #expect((order["itemTotal"] as? [String: Any])?["minor"] as? Int == 8897)
        #expect((order["tax"] as? [String: Any])?["minor"] as? Int == 1157)
        #expect((order["orderTotal"] as? [String: Any])?["minor"] as? Int == 11554)
        #expect((order["orderTotal"] as? [String: Any])?["formatted"] as? String == "$115.54")
        #expect((order["shipmentMethod"] as? [String: Any])?["label"] as? String == "Two-Day Shipping")
        let shown = try app.request("GET", "/v1/orders/\(id)")
        #expect(shown.status == 200)
        #expect(shown.body == created.body)
        #expect(shown.header("ETag") == "\"1\"")
        let french = TestApplication.object(try app.request("GET", "/v1/orders/\(id)", headers: ["Accept-Language": "fr"]))
        #expect((french["shipmentMethod"] as? [String: Any])?["label"] as? String == "Livraison en deux jours")
        #expect((french["orderTotal"] as? [String: Any])?["formatted"] as? String == "115,54\u{A0}$")
    }

    @Test("duplicate lines of one product are merged into one line with the quantities summed")
    func duplicatesMerge() throws {
        let app = try TestApplication()
        let created = try app.request("POST", "/v1/orders", json: Self.body(items: #"[{"productId":"p_mouse","quantity":2},{"productId":"p_pen_set","quantity":1},{"productId":"p_mouse","quantity":3}]"#))
        let lines = try #require(TestApplication.object(created)["items"] as? [[String: Any]])
        #expect(lines.map { $0["productId"] as? String } == ["p_mouse", "p_pen_set"])
        #expect(lines.first?["quantity"] as? Int == 5)
    }

    @Test("shipping to a contact copies its address; another user's contact is a 404 that reveals nothing")
    func shipToContact() throws {
        let app = try TestApplication()
        let contact = #"{"firstName":"Charlie","address":{"street":"2 Elm","city":"Ottawa","postalCode":"K1A","country":"CA"}}"#
        let contactID = try #require(TestApplication.object(try app.request("POST", "/v1/contacts", json: contact))["id"] as? String)
        let body = Self.body().replacingOccurrences(of: #""shipmentAddress":\#(Self.address),"#, with: #""shipToContactId":"\#(contactID)","#)
        let created = try app.request("POST", "/v1/orders", json: body)
        #expect(created.status == 201, "\(created.text)")
        #expect((TestApplication.object(created)["shipmentAddress"] as? [String: Any])?["city"] as? String == "Ottawa")
        let stranger = try app.register(email: "stranger@example.com")
        let refused = try app.request("POST", "/v1/orders", json: body, auth: .bearer(stranger))
        let missing = try app.request("POST", "/v1/orders", json: body.replacingOccurrences(of: contactID, with: "c_missing"), auth: .bearer(stranger))
        #expect(refused.status == 404)
        #expect(refused.text.contains("/shipToContactId"))
        #expect(TestApplication.object(refused)["detail"] as? String == TestApplication.object(missing)["detail"] as? String)
        #expect(try orderCount(app) == 1)
    }

    @Test("list sorts by placement or total either way, newest first by default, pages with a cursor and filters by status")
    func listSortAndCancel() throws {
        let app = try TestApplication()
        var created: [String] = []
        for quantity in [3, 1, 2] {
            let response = try app.request("POST", "/v1/orders", json: Self.body(items: #"[{"productId":"p_notebook","quantity":\#(quantity)}]"#))
            created.append(try #require(TestApplication.object(response)["id"] as? String))
            // Placement times are kept to the millisecond; make them distinct.
            Thread.sleep(forTimeInterval: 0.01)
        }
        #expect(ids(try app.request("GET", "/v1/orders")) == created.reversed())
        #expect(ids(try app.request("GET", "/v1/orders?sort=placedAt")) == created)
        #expect(ids(try app.request("GET", "/v1/orders?sort=orderTotal")) == [created[1], created[2], created[0]])
        #expect(ids(try app.request("GET", "/v1/orders?sort=-orderTotal")) == [created[0], created[2], created[1]])
        let first = try app.request("GET", "/v1/orders?sort=-orderTotal&limit=2")
        let cursor = try #require(TestApplication.object(first)["nextCursor"] as? String)
        #expect(ids(try app.request("GET", "/v1/orders?sort=-orderTotal&limit=2&cursor=\(cursor)")) == [created[1]])
        let mismatch = try app.request("GET", "/v1/orders?sort=placedAt&cursor=\(cursor)")
        #expect(mismatch.status == 400)
        #expect(mismatch.text.contains(#""parameter":"cursor""#))
        let item = try #require((TestApplication.object(first)["items"] as? [[String: Any]])?.first)
        #expect(Set(item.keys) == ["id", "number", "placedAt", "placedAtFormatted", "customerName", "email", "orderTotal", "status", "statusLabel"])
        #expect(item["customerName"] as? String == "Ada Lovelace")

        let cancelled = try app.request("POST", "/v1/orders/\(created[0])/cancel")
        #expect(cancelled.status == 200)
        #expect(cancelled.header("ETag") == "\"2\"")
        #expect(TestApplication.object(cancelled)["status"] as? String == "cancelled")
        #expect(TestApplication.object(cancelled)["cancelledAt"] is String)
        let again = try app.request("POST", "/v1/orders/\(created[0])/cancel")
        #expect(again.status == 409)
        #expect(TestApplication.object(again)["code"] as? String == "invalid_transition")
        #expect(ids(try app.request("GET", "/v1/orders?status=cancelled")) == [created[0]])
        #expect(ids(try app.request("GET", "/v1/orders?status=placed&sort=placedAt")) == [created[1], created[2]])

        let stranger = try app.register(email: "stranger@example.com")
        #expect(try app.request("GET", "/v1/orders/\(created[1])", auth: .bearer(stranger)).status == 404)
        #expect(try app.request("POST", "/v1/orders/\(created[1])/cancel", auth: .bearer(stranger)).status == 404)
        #expect(TestApplication.object(try app.request("GET", "/v1/orders", auth: .bearer(stranger)))["message"] as? String == "No orders found")
        #expect(TestApplication.object(try app.request("GET", "/v1/orders/\(created[1])"))["status"] as? String == "placed")
    }

    @Test("every bad input gets a clear problem naming what is wrong, and no order is stored")
    func badInput() throws {
        let app = try TestApplication()
        let stranger = try app.register(email: "stranger@example.com")
        let foreignContact = try #require(TestApplication.object(try app.request(
            "POST", "/v1/contacts", json: #"{"firstName":"X","address":\#(Self.address)}"#, auth: .bearer(stranger)))["id"] as? String)
        func quantity(_ literal: String) -> String { Self.body(items: #"[{"productId":"p_mouse","quantity":\#(literal)}]"#) }
        let tenThousand = "[" + Array(repeating: #"{"productId":"p_mouse","quantity":1}"#, count: 10_000).joined(separator: ",") + "]"
        let hundredAndOne = "[" + (0..<101).map { _ in #"{"productId":"p_mouse","quantity":1}"# }.joined(separator: ",") + "]"
        let cases: [(body: String, headers: [String: String], status: Int, mention: String)] = [
            (quantity("-1"), [:], 400, "/items/0/quantity"),
            (quantity("0"), [:], 400, "Quantity must be digits only"),
            (quantity("1.5"), [:], 400, "/items/0/quantity"),
            (quantity("3.0"), [:], 400, "/items/0/quantity"),
            (quantity("1e3"), [:], 400, "/items/0/quantity"),
            (quantity(#""3""#), [:], 400, "/items/0/quantity"),
            (quantity("true"), [:], 400, "/items/0/quantity"),
            (quantity("99999999999999999999"), [:], 422, "quantity_out_of_range"),
            (quantity("1000"), [:], 422, "quantity_out_of_range"),
            (Self.body(items: tenThousand), [:], 400, "too_many_items"),
            (Self.body(items: hundredAndOne), [:], 422, "too_many_lines"),
            (Self.body(items: "[]"), [:], 422, "no_items"),
            (Self.body(items: #"[{"productId":"p_nothing","quantity":1}]"#), [:], 422, "unknown_product"),
            (Self.body(items: #"[{"productId":"\#(String(repeating: "p", count: 5000))","quantity":1}]"#), [:], 400, "/items/0/productId"),
            (Self.body(items: #"[{"productId":"p mouse","quantity":1}]"#), [:], 400, "invalid_id"),
            (Self.body(items: #"[{},{"quantity":2}]"#), [:], 422, "Product must be entered"),
            (Self.body(items: #"[{"productId":"p_mouse"}]"#), [:], 422, "Quantity must be entered"),
            (Self.body(speed: "overnight"), [:], 400, "/shipmentMethod"),
            (Self.body().replacingOccurrences(of: "ada@example.com", with: "ada at example"), [:], 400, "/customer/email"),
            (Self.body().replacingOccurrences(of: #""shipmentAddress":\#(Self.address),"#, with: #""shipToContactId":"\#(foreignContact)","#), [:], 404, "/shipToContactId"),
            (Self.body(extra: #","payFromAccountId":"a_nobody""#), [:], 404, "/payFromAccountId"),
            ("[]", [:], 400, "invalid_type"),
            ("7", [:], 400, "invalid_type"),
            (#"{"customer":"Ada","billingAddress":[],"shipmentAddress":1,"shipmentMethod":{},"items":{}}"#, [:], 400, "/billingAddress"),
            (Self.body(items: "[1]"), [:], 400, "/items/0"),
            (Self.body(items: #"[{"productId":["p_mouse"],"quantity":1}]"#), [:], 400, "/items/0/productId"),
            (#"{}"#, [:], 422, "/customer/firstName"),
            (#"{"items":["#, [:], 400, "malformed_json"),
            (Self.body(), ["Content-Type": "text/plain"], 415, "unsupported_media_type"),
            (Self.body(), ["Idempotency-Key": String(repeating: "k", count: 256)], 400, "Idempotency-Key"),
            (Self.body(), ["Idempotency-Key": "two words"], 400, "invalid_idempotency_key"),
        ]
        for (body, headers, status, mention) in cases {
            let response = try app.request("POST", "/v1/orders", json: body, headers: headers)
            #expect(response.status == status, "\(body.prefix(200)) → \(response.text.prefix(300))")
            #expect(response.header("Content-Type") == "application/problem+json")
            #expect(response.text.contains(mention), "\(response.text.prefix(400))")
        }
        let missing = TestApplication.object(try app.request("POST", "/v1/orders", json: "{}"))
        #expect((missing["errors"] as? [[String: Any]])?.compactMap { $0["pointer"] as? String } == [
            "/customer/firstName", "/customer/lastName", "/customer/email", "/billingAddress", "/shipmentAddress", "/shipmentMethod", "/items",
        ])
        for target in ["/v1/orders?sort=total", "/v1/orders?status=shipped", "/v1/orders?limit=0", "/v1/orders?cursor=forged", "/v1/orders/bad%20id"] {
            let response = try app.request("GET", target)
            #expect(response.status == 400, "\(target)")
            #expect(response.text.contains(#""parameter""#))
        }
        #expect(try app.request("GET", "/v1/orders/o_missing").status == 404)
        #expect(try app.request("POST", "/v1/orders/o_missing/cancel").status == 404)
        #expect(try app.request("POST", "/v1/orders", json: Self.body(), auth: .none).status == 401)
        #expect(try orderCount(app) == 0)
        #expect(try orderCount(app) == 0 && (try app.request("GET", "/v1/orders", auth: .bearer(stranger))).status == 200)
    }

    @Test("a retry with the same key and body gets the identical response and places one order; another body is 409")
    func idempotentRetry() throws {
        let app = try TestApplication()
        let key = ["Idempotency-Key": "order-2026-11-22-001"]
        let first = try app.request("POST", "/v1/orders", json: Self.body(), headers: key)
        let retry = try app.request("POST", "/v1/orders", json: Self.body(), headers: key)
        #expect(first.status == 201)
        #expect(retry.status == 201)
        #expect(retry.body == first.body)
        for name in ["Content-Type", "Location", "ETag"] { #expect(retry.header(name) == first.header(name)) }
        #expect(retry.header("Idempotent-Replayed") == "true")
        #expect(first.header("Idempotent-Replayed") == nil)
        #expect(try orderCount(app) == 1)

        let other = try app.request("POST", "/v1/orders", json: Self.body(speed: "oneDay"), headers: key)
        #expect(other.status == 409)
        #expect(TestApplication.object(other)["code"] as? String == "idempotency_key_reused")
        // The key is the user's own: another user may use the same text.
        let stranger = try app.register(email: "stranger@example.com")
        #expect(try app.request("POST", "/v1/orders", json: Self.body(speed: "oneDay"), headers: key, auth: .bearer(stranger)).status == 201)
        #expect(try orderCount(app) == 1)
    }

    @Test("a refused request does not keep its key, so the corrected retry with that key places the order")
    func correctedRetry() throws {
        let app = try TestApplication()
        let key = ["Idempotency-Key": "fix-me"]
        #expect(try app.request("POST", "/v1/orders", json: Self.body(items: #"[{"productId":"p_mouse","quantity":1.5}]"#), headers: key).status == 400)
        #expect(try app.request("POST", "/v1/orders", json: Self.body(items: #"[{"productId":"p_nothing","quantity":1}]"#), headers: key).status == 422)
        #expect(try app.request("POST", "/v1/orders", json: Self.body(), headers: key).status == 201)
        #expect(try orderCount(app) == 1)
    }

    @Test("a cancel with a key is answered the same on a retry instead of 409")
    func idempotentCancel() throws {
        let app = try TestApplication()
        let id = try #require(TestApplication.object(try app.request("POST", "/v1/orders", json: Self.body()))["id"] as? String)
        let key = ["Idempotency-Key": "cancel-1"]
        let first = try app.request("POST", "/v1/orders/\(id)/cancel", headers: key)
        let retry = try app.request("POST", "/v1/orders/\(id)/cancel", headers: key)
        #expect(first.status == 200)
        #expect(retry.status == 200 && retry.body == first.body)
        #expect(retry.header("Idempotent-Replayed") == "true")
    }

    @Test("twenty concurrent requests with one key place exactly one order")
    func concurrentKey() throws {
        let app = try TestApplication()
        let port = app.port
        let token = app.token
        let body = Array(Self.body().utf8)
        let responses = Mutex<[TestClient.Response]>([])
        let group = DispatchGroup()
        for _ in 0..<20 {
            group.enter()
            Thread {
                defer { group.leave() }
                guard let client = try? TestClient(port: port) else { return }
                let head = "POST /v1/orders HTTP/1.1\r\nHost: test\r\nConnection: close\r\nAuthorization: Bearer \(token)\r\n"
                    + "Idempotency-Key: same-key\r\nContent-Type: application/json\r\nContent-Length: \(body.count)\r\n\r\n"
                guard (try? client.send(Array(head.utf8) + body)) != nil, let response = try? client.expectResponse() else { return }
                responses.withLock { $0.append(response) }
            }.start()
        }
        group.wait()
        let all = responses.withLock { $0 }
        #expect(all.count == 20)
        let created = all.filter { $0.status == 201 }
        #expect(!created.isEmpty)
        #expect(Set(created.map(\.body)).count == 1)
        #expect(all.allSatisfy { $0.status == 201 || ($0.status == 409 && $0.text.contains("idempotency_in_flight")) })
        #expect(created.filter { $0.header("Idempotent-Replayed") == nil }.count == 1)
        #expect(try orderCount(app) == 1)
    }

    @Test("tax rate and shipping costs come from configuration")
    func configuredPolicy() throws {
        let app = try TestApplication { configuration in
            configuration.orderPolicy = (try? OrderPolicy(taxRateBasisPoints: 500, shippingCosts: [.standard: 0])) ?? .standard
        }
        let order = TestApplication.object(try app.request("POST", "/v1/orders", json: Self.body(items: #"[{"productId":"p_notebook","quantity":1}]"#, speed: "standard")))
        // 14.95 at 5 % is 0.7475 → 0.75; free standard shipping.
        #expect((order["tax"] as? [String: Any])?["minor"] as? Int == 75)
        #expect((order["orderTotal"] as? [String: Any])?["minor"] as? Int == 1570)
    }
}
