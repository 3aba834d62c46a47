import Domain
import Foundation
import Migrations
import PostgresGateway
import SQLRows
import Synchronization
import TestSupport
import Testing

/// The login throttle's behaviours (limits per email and per address, the wait, the window, a
/// success handing the address's slot back) on the shared table, the same answers as the
/// in-memory counter, and what only a shared counter has: instances counting together, and
/// reservations that stay atomic across them.
@Suite("PostgresAttemptCounter")
struct PostgresAttemptCounterTests {
    let start = Date(timeIntervalSince1970: 1_795_000_000)

    /// A migrated database of its own and a counter on it.
    func makeCounter() throws -> (TemporaryPostgresDatabase, PostgresAttemptCounter) {
        let temporary = try TemporaryPostgresDatabase()
        try Migrator(database: temporary.database).migrate()
        return (temporary, PostgresAttemptCounter(database: temporary.database))
    }

    /// The transformer tests' limits: 3 per email, 5 per address, a 60-second window.
    func throttle(_ counter: any AttemptCounter) -> LoginThrottle {
        LoginThrottle(counter: counter, maxFailuresPerEmail: 3, maxFailuresPerAddress: 5, window: 60)
    }

    /// Attempts counted in the table, over every key.
    func attempts(_ temporary: TemporaryPostgresDatabase) throws -> Int {
        try temporary.database.read {
            try $0.statement("SELECT coalesce(sum(cardinality(attempted_at)), 0) FROM login_attempts").rows { $0.int(at: 0) }.first ?? -1
        }
    }

    @Test("repeated failures for one email are refused for the window from any address, and free after it")
    func throttledByEmail() throws {
        let (_, counter) = try makeCounter()
        let throttle = throttle(counter)
        for index in 0..<3 { #expect(throttle.reserve(email: "c@example.com", address: "10.0.0.\(index)", now: start) == nil) }
        #expect(throttle.reserve(email: "c@example.com", address: "10.9.9.9", now: start) == 60)
        #expect(throttle.reserve(email: "other@example.com", address: "10.9.9.9", now: start) == nil)
        #expect(throttle.reserve(email: "c@example.com", address: "10.9.9.9", now: start.addingTimeInterval(61)) == nil)
    }

    @Test("repeated failures from one address are refused across emails; another address is not")
    func throttledByAddress() throws {
        let (_, counter) = try makeCounter()
        let throttle = throttle(counter)
        for index in 0..<5 { #expect(throttle.reserve(email: "user\(index)@example.com", address: "10.0.0.7", now: start) == nil) }
        #expect(throttle.reserve(email: "c@example.com", address: "10.0.0.7", now: start) == 60)
        #expect(throttle.reserve(email: "c@example.com", address: "10.0.0.8", now: start) == nil)
    }

    @Test("a refusal takes nothing: the other key of the attempt is not counted")
    func refusalTakesNothing() throws {
        let (temporary, counter) = try makeCounter()
        let throttle = throttle(counter)
        for index in 0..<3 { _ = throttle.reserve(email: "c@example.com", address: "10.0.0.\(index)", now: start) }
        #expect(try attempts(temporary) == 6)
        #expect(throttle.reserve(email: "c@example.com", address: "10.0.0.7", now: start) == 60)
        #expect(try attempts(temporary) == 6)
    }

    @Test("the wait runs until the oldest counted attempt ages out, rounded up to whole seconds, at least one")
    func waitFromOldest() throws {
        let (_, counter) = try makeCounter()
        let throttle = throttle(counter)
        for offset in [0.0, 10, 20] { _ = throttle.reserve(email: "c@example.com", address: "a\(offset)", now: start.addingTimeInterval(offset)) }
        #expect(throttle.reserve(email: "c@example.com", address: "x", now: start.addingTimeInterval(30)) == 30)
        #expect(throttle.reserve(email: "c@example.com", address: "x", now: start.addingTimeInterval(30.2)) == 30)
        #expect(throttle.reserve(email: "c@example.com", address: "x", now: start.addingTimeInterval(59.9)) == 1)
        // The oldest has aged out: two left, under the limit.
        #expect(throttle.reserve(email: "c@example.com", address: "x", now: start.addingTimeInterval(60)) == nil)
    }

    @Test("a success clears the email's failures and gives the address its slot back; cancel gives both back")
    func successAndCancel() throws {
        let (temporary, counter) = try makeCounter()
        let throttle = throttle(counter)
        for index in 0..<3 { _ = throttle.reserve(email: "c@example.com", address: "10.0.0.7", now: start.addingTimeInterval(Double(index))) }
        throttle.recordSuccess(email: "c@example.com", address: "10.0.0.7", now: start.addingTimeInterval(2))
        #expect(try attempts(temporary) == 2)
        #expect(throttle.reserve(email: "c@example.com", address: "10.0.0.9", now: start.addingTimeInterval(3)) == nil)
        throttle.cancel(email: "c@example.com", address: "10.0.0.9", now: start.addingTimeInterval(3))
        #expect(try attempts(temporary) == 2)
    }

    @Test("answers what the in-memory counter answers over the same sequence of logins")
    func sameAsInMemory() throws {
        let (_, counter) = try makeCounter()
        let shared = throttle(counter)
        let memory = throttle(InMemoryAttemptCounter())
        var generator = SeededGenerator(seed: 14)
        for step in 0..<120 {
            let now = start.addingTimeInterval(Double(step) * 2.5)
            let email = "u\(generator.next() % 3)@example.com"
            let address = "10.0.0.\(generator.next() % 2)"
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
        #expect(throttle(second).reserve(email: "c@example.com", address: "10.0.0.2", now: start) == nil)
        #expect(throttle(first).reserve(email: "c@example.com", address: "10.0.0.4", now: start) == nil)
        #expect(throttle(second).reserve(email: "c@example.com", address: "10.0.0.3", now: start) == 60)
        throttle(second).recordSuccess(email: "c@example.com", address: "10.0.0.4", now: start)
        #expect(throttle(first).reserve(email: "c@example.com", address: "10.0.0.3", now: start) == nil)
    }

    @Test("40 parallel reservations on two instances take exactly the limit, per email and per address")
    func parallelReservationsHoldTheLimit() throws {
        let (temporary, first) = try makeCounter()
        let counters = [first, PostgresAttemptCounter(database: try PostgresDatabase(configuration: temporary.database.configuration))]
        let start = self.start
        let perEmail = Mutex(0)
        Threads.run(count: 40) { index in
            if throttle(counters[index % 2]).reserve(email: "c@example.com", address: "10.1.\(index).1", now: start) == nil {
                perEmail.withLock { $0 += 1 }
            }
        }
        #expect(perEmail.withLock { $0 } == 3)
        let perAddress = Mutex(0)
        Threads.run(count: 40) { index in
            if throttle(counters[index % 2]).reserve(email: "user\(index)@example.com", address: "10.0.0.7", now: start) == nil {
                perAddress.withLock { $0 += 1 }
            }
        }
        #expect(perAddress.withLock { $0 } == 5)
    }

    @Test("keys past the window are purged: on the first reservation an instance makes, then every purgeInterval")
    func purge() throws {
        let (temporary, first) = try makeCounter()
        for index in 0..<3 { _ = throttle(first).reserve(email: "old\(index)@example.com", address: "10.0.0.\(index)", now: start) }
        #expect(try attempts(temporary) == 6)
        // A restarted instance: its first reservation purges what no longer counts.
        let second = PostgresAttemptCounter(database: temporary.database)
        _ = throttle(second).reserve(email: "new@example.com", address: "10.0.1.0", now: start.addingTimeInterval(60))
        #expect(try attempts(temporary) == 2)
        // Then only every purgeInterval reservations.
        for index in 1..<PostgresAttemptCounter.purgeInterval {
            _ = throttle(second).reserve(email: "n\(index)@example.com", address: "10.0.2.\(index)", now: start.addingTimeInterval(60))
        }
        #expect(try attempts(temporary) == 2 * PostgresAttemptCounter.purgeInterval)
        _ = throttle(second).reserve(email: "last@example.com", address: "10.0.3.0", now: start.addingTimeInterval(121))
        #expect(try attempts(temporary) == 2)
        #expect(second.purge(now: start.addingTimeInterval(181), window: 60) == 2)
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
