import Domain
import Foundation
import Migrations
import PostgresGateway
import TestSupport
import Testing

/// The behaviours `SessionCreateTransformerTests` checks of `InMemoryLoginThrottle` (limits per
/// email and per address, the wait, the window, success clearing the email), here on the shared
/// table, plus what only a shared throttle has: instances counting together.
@Suite("PostgresLoginThrottle")
struct PostgresLoginThrottleTests {
    let start = Date(timeIntervalSince1970: 1_795_000_000)

    /// A migrated database of its own and a throttle on it with the transformer tests' limits.
    func makeThrottle() throws -> (TemporaryPostgresDatabase, PostgresLoginThrottle) {
        let temporary = try TemporaryPostgresDatabase()
        try Migrator(database: temporary.database).migrate()
        return (temporary, throttle(on: temporary.database))
    }

    func throttle(on database: PostgresDatabase) -> PostgresLoginThrottle {
        PostgresLoginThrottle(database: database, maxFailuresPerEmail: 3, maxFailuresPerAddress: 5, window: 60)
    }

    func rows(_ temporary: TemporaryPostgresDatabase) throws -> Int {
        try temporary.database.read { try $0.statement("SELECT count(*) FROM login_failures").rows { $0.int(at: 0) }.first ?? -1 }
    }

    @Test("repeated failures for one email are throttled for the window from any address, and free after it")
    func throttledByEmail() throws {
        let (_, throttle) = try makeThrottle()
        for index in 0..<2 { throttle.recordFailure(email: "c@example.com", address: "10.0.0.\(index)", now: start) }
        #expect(throttle.retryAfter(email: "c@example.com", address: "10.9.9.9", now: start) == nil)
        throttle.recordFailure(email: "c@example.com", address: "10.0.0.3", now: start)
        #expect(throttle.retryAfter(email: "c@example.com", address: "10.9.9.9", now: start) == 60)
        #expect(throttle.retryAfter(email: "other@example.com", address: "10.9.9.9", now: start) == nil)
        #expect(throttle.retryAfter(email: "c@example.com", address: "10.9.9.9", now: start.addingTimeInterval(61)) == nil)
    }

    @Test("repeated failures from one address are throttled across emails; another address is not")
    func throttledByAddress() throws {
        let (_, throttle) = try makeThrottle()
        for index in 0..<5 { throttle.recordFailure(email: "user\(index)@example.com", address: "10.0.0.7", now: start) }
        #expect(throttle.retryAfter(email: "c@example.com", address: "10.0.0.7", now: start) == 60)
        #expect(throttle.retryAfter(email: "c@example.com", address: "10.0.0.8", now: start) == nil)
    }

    @Test("the wait runs until the oldest failure in the window ages out, rounded up to whole seconds, at least one")
    func waitFromOldest() throws {
        let (_, throttle) = try makeThrottle()
        for offset in [0.0, 10, 20] { throttle.recordFailure(email: "c@example.com", address: "a\(offset)", now: start.addingTimeInterval(offset)) }
        #expect(throttle.retryAfter(email: "c@example.com", address: "x", now: start.addingTimeInterval(30)) == 30)
        #expect(throttle.retryAfter(email: "c@example.com", address: "x", now: start.addingTimeInterval(30.2)) == 30)
        #expect(throttle.retryAfter(email: "c@example.com", address: "x", now: start.addingTimeInterval(59.9)) == 1)
        // The oldest has aged out: two left, under the limit.
        #expect(throttle.retryAfter(email: "c@example.com", address: "x", now: start.addingTimeInterval(60)) == nil)
    }

    @Test("a success clears the email's failures but not the address's")
    func successClearsEmail() throws {
        let (_, throttle) = try makeThrottle()
        for index in 0..<5 { throttle.recordFailure(email: "c@example.com", address: index < 3 ? "10.0.0.7" : "10.0.0.\(index)", now: start) }
        for index in 0..<2 { throttle.recordFailure(email: "d\(index)@example.com", address: "10.0.0.7", now: start) }
        throttle.recordSuccess(email: "c@example.com", address: "10.0.0.9")
        #expect(throttle.retryAfter(email: "c@example.com", address: "10.0.0.9", now: start) == nil)
        #expect(throttle.retryAfter(email: "c@example.com", address: "10.0.0.7", now: start) == 60)
    }

    @Test("answers what the in-memory throttle answers over the same sequence of logins")
    func sameAsInMemory() throws {
        let (_, throttle) = try makeThrottle()
        let memory = InMemoryLoginThrottle(maxFailuresPerEmail: 3, maxFailuresPerAddress: 5, window: 60)
        var generator = SplitMix(seed: 14)
        for step in 0..<120 {
            let now = start.addingTimeInterval(Double(step) * 2.5)
            let email = "u\(generator.next() % 3)@example.com"
            let address = "10.0.0.\(generator.next() % 2)"
            #expect(throttle.retryAfter(email: email, address: address, now: now) == memory.retryAfter(email: email, address: address, now: now),
                    "step \(step)")
            switch generator.next() % 10 {
            case 0:
                throttle.recordSuccess(email: email, address: address)
                memory.recordSuccess(email: email, address: address)
            default:
                throttle.recordFailure(email: email, address: address, now: now)
                memory.recordFailure(email: email, address: address, now: now)
            }
        }
    }

    @Test("two throttles on one database, as two instances, share their counts")
    func sharedAcrossInstances() throws {
        let (temporary, first) = try makeThrottle()
        let second = throttle(on: try PostgresDatabase(configuration: temporary.database.configuration))
        first.recordFailure(email: "c@example.com", address: "10.0.0.1", now: start)
        second.recordFailure(email: "c@example.com", address: "10.0.0.2", now: start)
        #expect(second.retryAfter(email: "c@example.com", address: "10.0.0.3", now: start) == nil)
        first.recordFailure(email: "c@example.com", address: "10.0.0.4", now: start)
        #expect(second.retryAfter(email: "c@example.com", address: "10.0.0.3", now: start) == 60)
        second.recordSuccess(email: "c@example.com", address: "10.0.0.3")
        #expect(first.retryAfter(email: "c@example.com", address: "10.0.0.3", now: start) == nil)
    }

    @Test("failures recorded concurrently by several instances are all counted")
    func concurrentFailures() throws {
        let (temporary, first) = try makeThrottle()
        let throttles = [first, throttle(on: try PostgresDatabase(configuration: temporary.database.configuration))]
        let start = self.start
        Threads.run(count: 16) { index in
            throttles[index % 2].recordFailure(email: "user\(index)@example.com", address: "10.0.0.7", now: start)
        }
        #expect(try rows(temporary) == 32)
        #expect(first.retryAfter(email: "c@example.com", address: "10.0.0.7", now: start) == 60)
    }

    @Test("failures past the window are purged: on the first failure an instance records, then every purgeInterval")
    func purge() throws {
        let (temporary, first) = try makeThrottle()
        for index in 0..<3 { first.recordFailure(email: "old\(index)@example.com", address: "10.0.0.1", now: start) }
        #expect(try rows(temporary) == 6)
        // A restarted instance: its first failure purges what no longer counts.
        let second = throttle(on: temporary.database)
        second.recordFailure(email: "new@example.com", address: "10.0.0.2", now: start.addingTimeInterval(60))
        #expect(try rows(temporary) == 2)
        // Then only every purgeInterval failures.
        for index in 1..<PostgresLoginThrottle.purgeInterval {
            second.recordFailure(email: "n\(index)@example.com", address: "10.0.0.2", now: start.addingTimeInterval(60))
        }
        #expect(try rows(temporary) == 2 * PostgresLoginThrottle.purgeInterval)
        second.recordFailure(email: "last@example.com", address: "10.0.0.2", now: start.addingTimeInterval(121))
        #expect(try rows(temporary) == 2)
        #expect(second.purge(now: start.addingTimeInterval(181)) == 2)
    }

    @Test("when the database fails the throttle fails open: no wait, nothing recorded, no crash")
    func failsOpen() throws {
        // Not migrated: every statement fails for want of the table.
        let temporary = try TemporaryPostgresDatabase()
        let broken = throttle(on: temporary.database)
        for _ in 0..<5 { broken.recordFailure(email: "c@example.com", address: "10.0.0.1", now: start) }
        broken.recordSuccess(email: "c@example.com", address: "10.0.0.1")
        #expect(broken.retryAfter(email: "c@example.com", address: "10.0.0.1", now: start) == nil)
        #expect(broken.purge(now: start) == 0)
    }
}

/// A small deterministic generator, so the comparison with the in-memory throttle replays.
private struct SplitMix {
    var state: UInt64

    init(seed: UInt64) {
        state = seed
    }

    mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }
}
