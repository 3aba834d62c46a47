import Domain
import Foundation
import Migrations
import PostgresGateway
import SQLRows
import Synchronization
import TestSupport
import Testing

/// The shared table's own side of the login throttle (the rules both counters share are proved
/// by `AttemptCounterContractTests`): what it stores, the same answers as the in-memory counter,
/// and what only a shared counter has: instances counting together, reservations that stay
/// atomic across them, the purge, and failing open.
@Suite("PostgresAttemptCounter")
struct PostgresAttemptCounterTests {
    let start = Date(timeIntervalSince1970: 1_795_000_000)

    /// A migrated database of its own and a counter on it.
    func makeCounter() throws -> (TemporaryPostgresDatabase, PostgresAttemptCounter) {
        let temporary = try TemporaryPostgresDatabase()
        try Migrator(database: temporary.database).migrate()
        return (temporary, PostgresAttemptCounter(database: temporary.database))
    }

    /// The contract tests' limits: 3 per client, 5 per address, pauses from the 4th failure for
    /// an email (1 s doubling, at most 4 s), a 60-second window.
    func throttle(_ counter: any AttemptCounter) -> LoginThrottle {
        LoginThrottle(counter: counter, maxFailuresPerClient: 3, maxFailuresPerAddress: 5, slowdownThreshold: 4, firstDelay: 1, maximumDelay: 4, window: 60)
    }

    /// Attempts counted in the table, over every key.
    func attempts(_ temporary: TemporaryPostgresDatabase) throws -> Int {
        try temporary.database.read {
            try $0.statement("SELECT coalesce(sum(cardinality(attempted_at)), 0) FROM login_attempts").rows { $0.int(at: 0) }.first ?? -1
        }
    }

    @Test("a refusal takes nothing: the other keys of the attempt are not counted")
    func refusalTakesNothing() throws {
        let (temporary, counter) = try makeCounter()
        let throttle = throttle(counter)
        // Each attempt is counted three times: for the client, the address and the email.
        for _ in 0..<3 { _ = throttle.reserve(email: "c@example.com", address: "10.0.0.7", now: start) }
        #expect(try attempts(temporary) == 9)
        #expect(throttle.reserve(email: "c@example.com", address: "10.0.0.7", now: start) == 60)
        #expect(try attempts(temporary) == 9)
    }

    @Test("the wait runs until the oldest counted attempt ages out, rounded up to whole seconds, at least one")
    func waitFromOldest() throws {
        let (_, counter) = try makeCounter()
        let throttle = throttle(counter)
        for offset in [0.0, 10, 20] { _ = throttle.reserve(email: "c@example.com", address: "x", now: start.addingTimeInterval(offset)) }
        #expect(throttle.reserve(email: "c@example.com", address: "x", now: start.addingTimeInterval(30)) == 30)
        #expect(throttle.reserve(email: "c@example.com", address: "x", now: start.addingTimeInterval(30.2)) == 30)
        #expect(throttle.reserve(email: "c@example.com", address: "x", now: start.addingTimeInterval(59.9)) == 1)
        // The oldest has aged out: two left, under the limit.
        #expect(throttle.reserve(email: "c@example.com", address: "x", now: start.addingTimeInterval(60)) == nil)
    }

    @Test("a success deletes the client's attempts and gives the address and the email their slots back; cancel gives all back")
    func successAndCancel() throws {
        let (temporary, counter) = try makeCounter()
        let throttle = throttle(counter)
        for index in 0..<3 { _ = throttle.reserve(email: "c@example.com", address: "10.0.0.7", now: start.addingTimeInterval(Double(index))) }
        throttle.recordSuccess(email: "c@example.com", address: "10.0.0.7", now: start.addingTimeInterval(2))
        #expect(try attempts(temporary) == 4)
        #expect(throttle.reserve(email: "c@example.com", address: "10.0.0.9", now: start.addingTimeInterval(3)) == nil)
        throttle.cancel(email: "c@example.com", address: "10.0.0.9", now: start.addingTimeInterval(3))
        #expect(try attempts(temporary) == 4)
    }

    @Test("an email hammered from many addresses keeps only the attempts that can still lengthen its pause")
    func pacedKeyBounded() throws {
        let (temporary, counter) = try makeCounter()
        let throttle = throttle(counter)
        for index in 0..<50 { _ = throttle.reserve(email: "c@example.com", address: "10.3.\(index).1", now: start) }
        let kept = try temporary.database.read {
            try $0.statement("SELECT cardinality(attempted_at) FROM login_attempts WHERE scope = 'email'").rows { $0.int(at: 0) }
        }
        #expect(kept == [6])
    }

    @Test("answers what the in-memory counter answers over the same sequence of logins")
    func sameAsInMemory() throws {
        let (_, counter) = try makeCounter()
        let shared = throttle(counter)
        let memory = throttle(InMemoryAttemptCounter())
        var generator = SeededGenerator(seed: 14)
        for step in 0..<120 {
            let now = start.addingTimeInterval(Double(step) * 2.5)
            let email = "u\(generator.next() % 2)@example.com"
            let address = "10.0.0.\(generator.next() % 4)"
            let answer = shared.reserve(email: email, address: address, now: now)
            #expect(answer == memory.reserve(email: email, address: address, now: now), "step \(step)")
            guard answer == nil else { continue }
            switch generator.next() % 10 {
            case 0:
                shared.recordSuccess(email: email, address: address, now: now)
                memory.recordSuccess(email: email, address: address, now: now)
            case 1:
                shared.cancel(email: email, address: address, now: now)
                memory.cancel(email: email, address: address, now: now)
            default:
                break
            }
        }
    }

    @Test("two counters on one database, as two instances, share their counts")
    func sharedAcrossInstances() throws {
        let (temporary, first) = try makeCounter()
        let second = PostgresAttemptCounter(database: try PostgresDatabase(configuration: temporary.database.configuration))
        #expect(throttle(first).reserve(email: "c@example.com", address: "10.0.0.1", now: start) == nil)
        #expect(throttle(second).reserve(email: "c@example.com", address: "10.0.0.1", now: start) == nil)
        #expect(throttle(first).reserve(email: "c@example.com", address: "10.0.0.1", now: start) == nil)
        #expect(throttle(second).reserve(email: "c@example.com", address: "10.0.0.1", now: start) == 60)
        // The email's fourth failure, on the other instance, paces the failing client there too.
        #expect(throttle(first).reserve(email: "c@example.com", address: "10.0.0.2", now: start) == nil)
        #expect(throttle(second).reserve(email: "c@example.com", address: "10.0.0.2", now: start) == 1)
    }

    @Test("40 parallel reservations on two instances take exactly the limit, per client and per address, and one past a pause")
    func parallelReservationsHoldTheLimit() throws {
        let (temporary, first) = try makeCounter()
        let counters = [first, PostgresAttemptCounter(database: try PostgresDatabase(configuration: temporary.database.configuration))]
        let start = self.start
        func parallel(_ attempt: @escaping @Sendable (Int) -> (email: String, address: String, now: Date)) -> Int {
            let taken = Mutex(0)
            Threads.run(count: 40) { index in
                let (email, address, now) = attempt(index)
                if throttle(counters[index % 2]).reserve(email: email, address: address, now: now) == nil { taken.withLock { $0 += 1 } }
            }
            return taken.withLock { $0 }
        }
        #expect(parallel { _ in ("c@example.com", "10.0.0.9", start) } == 3)
        #expect(parallel { index in ("user\(index)@example.com", "10.0.0.7", start) } == 5)
        for index in 0..<40 { _ = throttle(first).reserve(email: "p@example.com", address: "10.1.\(index).1", now: start) }
        #expect(parallel { index in ("p@example.com", "10.1.\(index).1", start.addingTimeInterval(5)) } == 1)
    }

    @Test("keys past the window are purged: on the first reservation an instance makes, then every purgeInterval")
    func purge() throws {
        let (temporary, first) = try makeCounter()
        for index in 0..<3 { _ = throttle(first).reserve(email: "old\(index)@example.com", address: "10.0.0.\(index)", now: start) }
        #expect(try attempts(temporary) == 9)
        // A restarted instance: its first reservation purges what no longer counts.
        let second = PostgresAttemptCounter(database: temporary.database)
        _ = throttle(second).reserve(email: "new@example.com", address: "10.0.1.0", now: start.addingTimeInterval(60))
        #expect(try attempts(temporary) == 3)
        // Then only every purgeInterval reservations.
        for index in 1..<PostgresAttemptCounter.purgeInterval {
            _ = throttle(second).reserve(email: "n\(index)@example.com", address: "10.0.2.\(index)", now: start.addingTimeInterval(60))
        }
        #expect(try attempts(temporary) == 3 * PostgresAttemptCounter.purgeInterval)
        _ = throttle(second).reserve(email: "last@example.com", address: "10.0.3.0", now: start.addingTimeInterval(121))
        #expect(try attempts(temporary) == 3)
        #expect(second.purge(now: start.addingTimeInterval(181), window: 60) == 3)
    }

    @Test("when the database fails the counter fails open: no wait, nothing recorded, no crash")
    func failsOpen() throws {
        // Not migrated: every statement fails for want of the table.
        let temporary = try TemporaryPostgresDatabase()
        let broken = throttle(PostgresAttemptCounter(database: temporary.database))
        for _ in 0..<5 { #expect(broken.reserve(email: "c@example.com", address: "10.0.0.1", now: start) == nil) }
        broken.recordSuccess(email: "c@example.com", address: "10.0.0.1", now: start)
        broken.cancel(email: "c@example.com", address: "10.0.0.1", now: start)
        #expect(PostgresAttemptCounter(database: temporary.database).purge(now: start, window: 60) == 0)
    }
}
