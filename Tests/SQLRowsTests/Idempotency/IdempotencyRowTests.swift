import Domain
import Foundation
import SQLRows
import Testing

@Suite("IdempotencyRow")
struct IdempotencyRowTests {
    let owner = UserID("u_alice")
    let key = IdempotencyKey("key-1")!
    let response = StoredResponse(
        status: 201, headers: [.init(name: "Location", value: "/v1/orders/o_1"), .init(name: "X-Odd", value: "a\"b\\c, é")],
        body: Array("{\"id\":\"o_1\"}".utf8))

    /// The row a select of `IdempotencyRow.columns` gives for `response`, completed.
    func completedRow() throws -> ValuesRow {
        let values = try IdempotencyRow.completionValues(owner: owner, key: key, response: response)
        return ValuesRow([.text("fp"), .text("completed"), values[2], values[3], values[4], .integer(1_795_000_000_000), .text("tr_1")])
    }

    @Test("a completed record reads back its status, headers in order and body")
    func completed() throws {
        let record = try IdempotencyRow.record(try completedRow(), owner: owner, key: key)
        #expect(record.state == .completed(response))
        #expect(record.fingerprint == "fp")
        #expect(record.createdAt == Date(timeIntervalSince1970: 1_795_000_000))
        #expect(record.transferID == TransferID("tr_1"))
        #expect(try IdempotencyRow.record(try completedRow().replacing(6, with: .null), owner: owner, key: key).transferID == nil)
    }

    @Test("stored headers that are not name and value pairs are a storage failure", arguments: ["[[\"Location\"]]", "{", "[1]"])
    func malformedHeaders(headers: String) throws {
        let row = try completedRow().replacing(3, with: .text(headers))
        let error = #expect(throws: GatewayError.self) { try IdempotencyRow.record(row, owner: owner, key: key) }
        guard case .failure = error else {
            Issue.record("expected a failure, got \(String(describing: error))")
            return
        }
    }

    @Test("an unknown state is a storage failure")
    func unknownState() throws {
        let row = try completedRow().replacing(1, with: .text("lost"))
        #expect(throws: GatewayError.failure("unreadable idempotency_records.state: lost")) { try IdempotencyRow.record(row, owner: owner, key: key) }
    }
}
