import Domain
import Foundation
import Testing

@Suite("InMemoryAttemptCounter")
struct InMemoryAttemptCounterTests {
    let start = Date(timeIntervalSince1970: 1_795_000_000)

    func key(_ subject: String) -> AttemptKey { AttemptKey(scope: "address", subject: subject) }

    @Test("a reservation takes every key or none: a full key leaves the others untouched")
    func allOrNothing() {
        let counter = InMemoryAttemptCounter()
        let email = AttemptKey(scope: "email", subject: "c@example.com")
        #expect(counter.reserve([AttemptLimit(email, maximum: 1)], window: 60, now: start) == nil)
        #expect(counter.reserve([AttemptLimit(key("a"), maximum: 1), AttemptLimit(email, maximum: 1)], window: 60, now: start) == 60)
        // The address was not taken by the refused reservation.
        #expect(counter.reserve([AttemptLimit(key("a"), maximum: 1)], window: 60, now: start) == nil)
    }

    @Test("attempts from very many addresses keep at most maximumKeys keys, forgetting the least recent first")
    func boundedKeys() {
        let counter = InMemoryAttemptCounter(maximumKeys: 1_000)
        for index in 0..<5_000 {
            _ = counter.reserve([AttemptLimit(key("10.\(index)"), maximum: 5)], window: 900, now: start.addingTimeInterval(Double(index) / 100))
        }
        #expect(counter.keyCount <= 1_000)
        // The most recent address still counts; the oldest was forgotten.
        for _ in 0..<4 { _ = counter.reserve([AttemptLimit(key("10.4999"), maximum: 5)], window: 900, now: start.addingTimeInterval(50)) }
        #expect(counter.reserve([AttemptLimit(key("10.4999"), maximum: 5)], window: 900, now: start.addingTimeInterval(50)) != nil)
        #expect(counter.reserve([AttemptLimit(key("10.0"), maximum: 1)], window: 900, now: start.addingTimeInterval(50)) == nil)
    }

    @Test("release gives back exactly one attempt taken at that instant; clear forgets the key")
    func releaseAndClear() {
        let counter = InMemoryAttemptCounter()
        for _ in 0..<2 { _ = counter.reserve([AttemptLimit(key("a"), maximum: 2)], window: 60, now: start) }
        #expect(counter.reserve([AttemptLimit(key("a"), maximum: 2)], window: 60, now: start) == 60)
        counter.release(key("a"), takenAt: start)
        #expect(counter.reserve([AttemptLimit(key("a"), maximum: 2)], window: 60, now: start) == nil)
        #expect(counter.reserve([AttemptLimit(key("a"), maximum: 2)], window: 60, now: start) == 60)
        counter.clear(key("a"))
        #expect(counter.keyCount == 0)
    }

    @Test("a wait is whole seconds, at least 1 and at most a day, whatever the interval")
    func retryAfter() {
        #expect(RetryAfter.seconds(0.2) == 1)
        #expect(RetryAfter.seconds(29.01) == 30)
        #expect(RetryAfter.seconds(-5) == 1)
        #expect(RetryAfter.seconds(.nan) == 1)
        #expect(RetryAfter.seconds(.infinity) == 1)
        #expect(RetryAfter.seconds(1e300) == 86_400)
    }
}
