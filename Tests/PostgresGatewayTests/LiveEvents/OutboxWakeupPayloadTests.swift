import Domain
import Testing
@testable import PostgresGateway

@Suite("OutboxWakeupPayload")
struct OutboxWakeupPayloadTests {
    @Test("users are joined by commas and read back as they were")
    func roundTrip() {
        let users = [UserID("u_01hx7k2m9qz3a"), UserID("u_alice"), UserID("u-b_2")]

        let texts = OutboxWakeupPayload.texts(for: users)

        #expect(texts == ["u_01hx7k2m9qz3a,u_alice,u-b_2"])
        #expect(OutboxWakeupPayload.parse(texts[0]) == .users(users))
    }

    @Test("many users are split into payloads under PostgreSQL's 8,000-byte limit, none lost")
    func splitUnderTheLimit() {
        let users = (0..<2_000).map { UserID("u_\(String(repeating: "x", count: 8))\($0)") }

        let texts = OutboxWakeupPayload.texts(for: users)

        #expect(texts.count > 1)
        #expect(texts.allSatisfy { $0.utf8.count <= OutboxWakeupPayload.maximumBytes })
        let read = texts.flatMap { text -> [UserID] in
            guard case .users(let named) = OutboxWakeupPayload.parse(text) else { return [] }
            return named
        }
        #expect(read == users)
    }

    @Test("no users, no payload")
    func nothingToSend() {
        #expect(OutboxWakeupPayload.texts(for: []).isEmpty)
    }

    @Test("an id no reader would accept is left out rather than spoil its payload")
    func unacceptableIDLeftOut() {
        #expect(OutboxWakeupPayload.texts(for: [UserID("u_a"), UserID("u,b"), UserID("")]) == ["u_a"])
    }

    @Test("a star asks every stream to be read again")
    func everyone() {
        #expect(OutboxWakeupPayload.parse("*") == .everyone)
    }

    @Test(
        "what is not a list of ids is ignored",
        arguments: [
            "", ",", "u_a,", ",u_a", "u_a,,u_b", "u_a u_b", "u_é", "u_a;DROP TABLE users", "**", "u_a,*", "u_\u{0}",
        ])
    func malformedIgnored(payload: String) {
        #expect(OutboxWakeupPayload.parse(payload) == nil)
    }

    @Test("an id longer than any of ours, or a payload longer than ours, is ignored")
    func overlongIgnored() {
        #expect(OutboxWakeupPayload.parse(String(repeating: "a", count: 65)) == nil)
        #expect(OutboxWakeupPayload.parse(String(repeating: "u_a,", count: 1_800) + "u_a") == nil)
    }
}
