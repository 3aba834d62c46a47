import Domain
import Foundation
import Synchronization
import Testing

/// Each user's budget of changes and of money movements, in fixed windows: counted up to the
/// quota, refused past it until the window ends, one user's budget apart from another's.
@Suite("write throttle")
struct WriteThrottleTests {
    /// 30 s into a minute (1_795_000_020 is a multiple of 60).
    let start = Date(timeIntervalSince1970: 1_795_000_050)

    @Test("a window counts up to its quota, telling what remains and when it resets, then refuses without counting")
    func quota() {
        let throttle = WriteThrottle(counter: InMemoryRateWindowCounter(), writesPerMinute: 3, transfersPerMinute: 1)
        let alice = UserID("u_alice")
        let remaining = (0..<3).map { _ in throttle.take(.writes, user: alice, now: start)?.state.remaining }
        #expect(remaining == [2, 1, 0])
        let refused = throttle.take(.writes, user: alice, now: start)
        #expect(refused?.state == RateWindowState(taken: false, remaining: 0, resetSeconds: 30))
        #expect(refused?.policy == WriteThrottle.Policy(kind: .writes, quota: 3, window: 60))
        #expect(throttle.take(.writes, user: alice, now: start.addingTimeInterval(29))?.state.taken == false)
        #expect(throttle.take(.writes, user: alice, now: start.addingTimeInterval(30))?.state.remaining == 2, "a new window starts at the minute")
    }

    @Test("one user's spent budget leaves another user's and the other kind's untouched")
    func apart() {
        let throttle = WriteThrottle(counter: InMemoryRateWindowCounter(), writesPerMinute: 1, transfersPerMinute: 1)
        #expect(throttle.take(.writes, user: UserID("u_a"), now: start)?.state.taken == true)
        #expect(throttle.take(.writes, user: UserID("u_a"), now: start)?.state.taken == false)
        #expect(throttle.take(.writes, user: UserID("u_b"), now: start)?.state.taken == true)
        #expect(throttle.take(.transfers, user: UserID("u_a"), now: start)?.state.taken == true)
    }

    @Test("a kind without a quota is not limited")
    func unlimited() {
        let throttle = WriteThrottle(counter: InMemoryRateWindowCounter(), writesPerMinute: nil, transfersPerMinute: 5)
        #expect(throttle.take(.writes, user: UserID("u_a"), now: start) == nil)
        #expect(throttle.policy(.transfers)?.quota == 5)
    }

    @Test("a parallel burst gets exactly the quota")
    func burst() {
        let throttle = WriteThrottle(counter: InMemoryRateWindowCounter(), writesPerMinute: 50, transfersPerMinute: nil)
        let taken = Atomic(0)
        let now = start
        DispatchQueue.concurrentPerform(iterations: 400) { _ in
            if throttle.take(.writes, user: UserID("u_a"), now: now)?.state.taken == true { taken.add(1, ordering: .relaxed) }
        }
        #expect(taken.load(ordering: .relaxed) == 50)
    }

    @Test("the fixed window of a clock far out of range stays in range")
    func extremeClock() {
        for seconds in [-1e20, 0, 1e30, .infinity, .nan] {
            let window = FixedWindow(holding: Date(timeIntervalSince1970: seconds), length: 60)
            #expect(window.index >= 0)
            #expect(window.resetSeconds >= 1)
        }
    }
}
