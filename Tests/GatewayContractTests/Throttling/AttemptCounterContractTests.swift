import Domain
import Foundation
import Synchronization
import TestSupport
import Testing

/// The login throttle's rules on both counters (in memory for SQLite, the shared table for
/// PostgreSQL): per client, per address, and the email's growing pauses that a stranger cannot
/// turn against the owner.
@Suite("AttemptCounter contract")
struct AttemptCounterContractTests {
    let start = Date(timeIntervalSince1970: 1_795_000_000)

    /// Small limits: 3 failures per client, 5 per address, pauses from the 4th failure for an
    /// email (1 s, doubling, at most 4 s), a 60-second window.
    func throttle(_ counter: any AttemptCounter) -> LoginThrottle {
        LoginThrottle(counter: counter, maxFailuresPerClient: 3, maxFailuresPerAddress: 5, slowdownThreshold: 4, firstDelay: 1, maximumDelay: 4, window: 60)
    }

    func at(_ seconds: TimeInterval) -> Date { start.addingTimeInterval(seconds) }

    @Test("a client's failures are refused for the window; the same email from another address is not", arguments: Backend.allCases)
    func perClient(backend: Backend) throws {
        let throttle = throttle(try backend.makeAttemptCounter())
        for _ in 0..<3 { #expect(throttle.reserve(email: "c@example.com", address: "10.0.0.1", now: start) == nil) }
        #expect(throttle.reserve(email: "c@example.com", address: "10.0.0.1", now: start) == 60)
        #expect(throttle.reserve(email: "c@example.com", address: "10.0.0.2", now: start) == nil)
        #expect(throttle.reserve(email: "c@example.com", address: "10.0.0.1", now: at(60)) == nil)
    }

    @Test("an address's failures across emails are refused past its limit; another address is not", arguments: Backend.allCases)
    func perAddress(backend: Backend) throws {
        let throttle = throttle(try backend.makeAttemptCounter())
        for index in 0..<5 { #expect(throttle.reserve(email: "user\(index)@example.com", address: "10.0.0.7", now: start) == nil) }
        #expect(throttle.reserve(email: "c@example.com", address: "10.0.0.7", now: start) == 60)
        #expect(throttle.reserve(email: "c@example.com", address: "10.0.0.8", now: start) == nil)
    }

    /// Four failures for c@example.com at `start`, from 10.0.1.0 … 10.0.1.3: the threshold.
    func reachThreshold(_ throttle: LoginThrottle) {
        for index in 0..<4 { #expect(throttle.reserve(email: "c@example.com", address: "10.0.1.\(index)", now: start) == nil) }
    }

    @Test("past the threshold a failing client waits after the email's newest attempt, doubling with each failure, up to the cap", arguments: Backend.allCases)
    func growingPause(backend: Backend) throws {
        let throttle = throttle(try backend.makeAttemptCounter())
        reachThreshold(throttle)
        var now: TimeInterval = 0
        var waits: [Int] = []
        for round in 0..<6 {
            let address = "10.0.1.\(round % 4)"
            let wait = try #require(throttle.reserve(email: "c@example.com", address: address, now: at(now)))
            waits.append(wait)
            #expect(throttle.reserve(email: "c@example.com", address: address, now: at(now + Double(wait) - 0.5)) == 1)
            now += Double(wait)
            #expect(throttle.reserve(email: "c@example.com", address: address, now: at(now)) == nil)
        }
        #expect(waits == [1, 2, 4, 4, 4, 4])
    }

    @Test("a client without a failure for the email is not paced: the owner signs in while a stranger hammers it", arguments: Backend.allCases)
    func freshClientNotPaced(backend: Backend) throws {
        let throttle = throttle(try backend.makeAttemptCounter())
        reachThreshold(throttle)
        #expect(throttle.reserve(email: "c@example.com", address: "10.0.1.0", now: start) == 1)
        #expect(throttle.reserve(email: "c@example.com", address: "192.0.2.1", now: start) == nil)
        throttle.recordSuccess(email: "c@example.com", address: "192.0.2.1", now: start)
        // The owner's success neither resets nor lengthens the stranger's pause.
        #expect(throttle.reserve(email: "c@example.com", address: "10.0.1.0", now: start) == 1)
        #expect(throttle.reserve(email: "c@example.com", address: "10.0.1.0", now: at(1)) == nil)
    }

    @Test("a success forgets that client's failures only; a cancelled attempt counts against nothing", arguments: Backend.allCases)
    func successAndCancel(backend: Backend) throws {
        let throttle = throttle(try backend.makeAttemptCounter())
        for _ in 0..<3 { _ = throttle.reserve(email: "c@example.com", address: "10.0.0.1", now: start) }
        #expect(throttle.reserve(email: "c@example.com", address: "10.0.0.2", now: start) == nil)
        throttle.recordSuccess(email: "c@example.com", address: "10.0.0.2", now: start)
        #expect(throttle.reserve(email: "c@example.com", address: "10.0.0.1", now: start) == 60)
        // Three failures for the email: one more reaches the threshold, and 10.0.0.2 fails.
        #expect(throttle.reserve(email: "c@example.com", address: "10.0.0.2", now: at(1)) == nil)
        throttle.cancel(email: "c@example.com", address: "10.0.0.2", now: at(1))
        // Cancelled: 10.0.0.2 has no failure and the email three again, so no pause.
        #expect(throttle.reserve(email: "c@example.com", address: "10.0.0.2", now: at(1)) == nil)
        #expect(throttle.reserve(email: "c@example.com", address: "10.0.0.2", now: at(1)) == 1)
    }

    @Test("40 parallel attempts from failing clients past the threshold: one passes, the others wait", arguments: Backend.allCases)
    func parallelPause(backend: Backend) throws {
        let throttle = throttle(try backend.makeAttemptCounter())
        for index in 0..<40 { _ = throttle.reserve(email: "c@example.com", address: "10.2.\(index).1", now: start) }
        let start = self.start
        let passed = Mutex(0)
        Threads.run(count: 40) { index in
            if throttle.reserve(email: "c@example.com", address: "10.2.\(index).1", now: start.addingTimeInterval(5)) == nil {
                passed.withLock { $0 += 1 }
            }
        }
        #expect(passed.withLock { $0 } == 1)
    }

    @Test("40 parallel attempts from one client take exactly its limit", arguments: Backend.allCases)
    func parallelClient(backend: Backend) throws {
        let throttle = throttle(try backend.makeAttemptCounter())
        let start = self.start
        let passed = Mutex(0)
        Threads.run(count: 40) { _ in
            if throttle.reserve(email: "c@example.com", address: "10.0.0.1", now: start) == nil { passed.withLock { $0 += 1 } }
        }
        #expect(passed.withLock { $0 } == 3)
    }
}
