import Domain
import Foundation
import SQLRows
import Testing

@Suite("StoredEventRow")
struct StoredEventRowTests {
    let row = ValuesRow([.integer(9), .text("u_alice"), .integer(3), .text("contact.created"), .text("{}"), .integer(1_700_000_000_000)])

    @Test("an event is read with its sequence, position and payload")
    func event() throws {
        let event = try StoredEventRow.event(row)
        #expect(event.sequence == 9)
        #expect(event.userID == UserID("u_alice"))
        #expect(event.position == 3)
        #expect(event.payload == "{}")
        #expect(event.createdAt == Date(timeIntervalSince1970: 1_700_000_000))
    }

    @Test("a NULL payload is a storage failure, not an empty object")
    func nullPayload() {
        #expect(throws: GatewayError.failure("NULL in required column events.payload")) {
            try StoredEventRow.event(row.replacing(Int(StoredEventRow.Column.payload.rawValue), with: .null))
        }
    }
}
