import Foundation
import ViperdClient

extension Journey {
    /// The catalog, an order placed with an Idempotency-Key and retried (by hand and by the
    /// middleware after a lost answer), the sorted list, show, cancel and its refusal.
    func productsAndOrders() async throws {
        try await step("list products") {
            let page = try expect("200", try await client.listProducts(query: .init(limit: 3))) { try $0.ok.body.json }
            try check(page.items.count >= 2, "only \(page.items.count) products")
            productIDs = page.items.map(\.id)
            return "200 " + page.items.map { "\($0.name) \($0.price.formatted)" }.joined(separator: ", ")
        }
        try await step("show product with Accept-Language: fr") {
            let output = try await client.getProduct(path: .init(id: productIDs[0]), headers: .init(acceptLanguage: "fr"))
            let product = try expect("200", output) { try $0.ok.body.json }
            // fr puts the symbol after the amount: "12,34 $".
            try check(product.price.formatted.hasSuffix("$"), "fr price \(product.price.formatted)")
            return "200 \(product.name) \(product.price.formatted)"
        }
        let key = UUID().uuidString
        let order = orderInput(quantity: 1)
        try await step("create order with an Idempotency-Key") {
            let output = try await client.createOrder(headers: .init(idempotencyKey: key), body: .json(order))
            let created = try expect("201", output) { try $0.created }
            let placed = try created.body.json
            orderID = placed.id
            try check(placed.status == .placed, "status \(placed.status)")
            return "201 \(placed.number) \(placed.orderTotal.formatted), ETag \(created.headers.eTag)"
        }
        try await step("retry it with the same key → the same order, replayed") {
            let output = try await client.createOrder(headers: .init(idempotencyKey: key), body: .json(order))
            let created = try expect("201", output) { try $0.created }
            let replayed = try created.body.json
            try check(replayed.id == orderID, "a second order \(replayed.id) (first \(orderID))")
            try check(created.headers.idempotentReplayed != nil, "no Idempotent-Replayed header")
            return "201 \(replayed.number), Idempotent-Replayed"
        }
        var secondOrderID = ""
        try await step("create order, answer lost → the middleware retries with the same key") {
            network.arm(for: "createOrder")
            let output = try await client.createOrder(body: .json(orderInput(quantity: 2)))
            let created = try expect("201", output) { try $0.created }
            let keys = network.idempotencyKeys
            try check(keys.count == 2 && keys[0] == keys[1] && !keys[0].isEmpty, "attempts carried keys \(keys)")
            try check(created.headers.idempotentReplayed != nil, "the retry was not a replay")
            secondOrderID = try created.body.json.id
            return "201 replayed on attempt 2, key \(keys[0])"
        }
        try await step("list orders sorted by total") {
            let output = try await client.listOrders(query: .init(sort: .orderTotal))
            let page = try expect("200", output) { try $0.ok.body.json }
            let totals = page.items.map(\.orderTotal.minor)
            try check(Set(page.items.map(\.id)) == [orderID, secondOrderID], "orders \(page.items.map(\.number))")
            try check(totals == totals.sorted(), "totals not ascending: \(totals)")
            return "200 " + page.items.map { "\($0.number) \($0.orderTotal.formatted)" }.joined(separator: ", ")
        }
        try await step("show order") {
            let ok = try expect("200", try await client.getOrder(path: .init(id: orderID))) { try $0.ok }
            let shown = try ok.body.json
            try check(shown.items.count == 2, "\(shown.items.count) lines")
            return "200 \(shown.number) \(shown.status), ETag \(ok.headers.eTag)"
        }
        try await step("cancel order") {
            let ok = try expect("200", try await client.cancelOrder(path: .init(id: orderID))) { try $0.ok }
            let cancelled = try ok.body.json
            try check(cancelled.status == .cancelled, "status \(cancelled.status)")
            return "200 \(cancelled.status), ETag \(ok.headers.eTag)"
        }
        try await step("cancel it again → 409 invalid_transition") {
            let problem = try expect("409", try await client.cancelOrder(path: .init(id: orderID))) {
                try $0.conflict.body.applicationProblemJson
            }
            try check(problem.code == "invalid_transition", "code \(problem.code)")
            return "409 \(problem.code)"
        }
    }

    /// An order of the first two products, shipped two-day to Montréal.
    func orderInput(quantity: Int, payFrom accountID: String? = nil) -> Components.Schemas.OrderCreateInput {
        let address = Components.Schemas.OrderAddressInput(
            street: "1 Rue Saint-Denis", city: "Montréal", province: "QC", postalCode: "H2X 1K1", country: "Canada")
        return .init(
            customer: .init(firstName: "Zoë", lastName: "Journey", email: email, phone: "+1 514 555 0100"),
            billingAddress: address, shipmentAddress: address, shipmentMethod: .twoDay,
            items: productIDs.prefix(2).map { .init(productId: $0, quantity: quantity) },
            payFromAccountId: accountID)
    }
}
