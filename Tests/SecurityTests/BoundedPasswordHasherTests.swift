import Domain
import Foundation
import Security
import Synchronization
import Testing

@Suite("BoundedPasswordHasher")
struct BoundedPasswordHasherTests {
    /// Counts the hashes running at once; each takes `seconds`.
    final class SlowHasher: PasswordHasher {
        let seconds: TimeInterval
        let running = Mutex(0)
        let peak = Mutex(0)

        init(seconds: TimeInterval) {
            self.seconds = seconds
        }

        func hash(_ password: String) throws -> String {
            let now = running.withLock { count -> Int in
                count += 1
                return count
            }
            peak.withLock { $0 = max($0, now) }
            Thread.sleep(forTimeInterval: seconds)
            running.withLock { $0 -= 1 }
            return "hash:" + password
        }
        func verify(_ password: String, against encoded: String) throws -> Bool { try hash(password) == encoded }
        func verifyDummy(_ password: String) throws { _ = try hash(password) }
        func needsRehash(_ encoded: String) -> Bool { encoded.hasPrefix("old:") }
    }

    /// Runs `count` hashes at once on real threads; returns how many were refused as busy.
    func burst(_ hasher: BoundedPasswordHasher, count: Int) -> (hashed: Int, busy: Int) {
        let hashed = Mutex(0)
        let busy = Mutex(0)
        let group = DispatchGroup()
        for index in 0..<count {
            group.enter()
            Thread {
                do {
                    _ = try hasher.hash("pw\(index)")
                    hashed.withLock { $0 += 1 }
                } catch is PasswordHashingBusy {
                    busy.withLock { $0 += 1 }
                } catch {
                    Issue.record("unexpected \(error)")
                }
                group.leave()
            }.start()
        }
        group.wait()
        return (hashed.withLock { $0 }, busy.withLock { $0 })
    }

    @Test("64 hashes at once: at most `concurrency` run together, the queue waits, the rest are refused busy at once")
    func boundsConcurrencyAndQueue() {
        let slow = SlowHasher(seconds: 0.2)
        let bounded = BoundedPasswordHasher(slow, concurrency: 2, queueLength: 6)
        let started = ContinuousClock.now
        let (hashed, busy) = burst(bounded, count: 64)
        #expect(slow.peak.withLock { $0 } == 2)
        #expect(hashed == 8)
        #expect(busy == 56)
        #expect(bounded.inFlight == 0)
        // 8 hashes two at a time: about four rounds, not 32.
        #expect(ContinuousClock.now - started < .seconds(3))
    }

    @Test("a request that waits longer than maximumWait is refused busy")
    func waitIsBounded() {
        let slow = SlowHasher(seconds: 0.5)
        let bounded = BoundedPasswordHasher(slow, concurrency: 1, queueLength: 4, maximumWait: .milliseconds(100))
        let (hashed, busy) = burst(bounded, count: 3)
        #expect(hashed == 1)
        #expect(busy == 2)
    }

    @Test("every operation is gated, and the busy refusal carries the wait")
    func everyOperationGated() throws {
        let slow = SlowHasher(seconds: 0.3)
        let bounded = BoundedPasswordHasher(slow, concurrency: 1, queueLength: 0)
        let holder = Thread { _ = try? bounded.hash("hold") }
        holder.start()
        Thread.sleep(forTimeInterval: 0.1)
        #expect(throws: PasswordHashingBusy(retryAfter: BoundedPasswordHasher.retryAfterSeconds)) { try bounded.verify("pw", against: "x") }
        #expect(throws: PasswordHashingBusy.self) { try bounded.verifyDummy("pw") }
        #expect(throws: PasswordHashingBusy.self) { try bounded.hash("pw") }
        // Reading the parameters takes no slot.
        #expect(bounded.needsRehash("old:x"))
        Thread.sleep(forTimeInterval: 0.4)
        #expect(try bounded.verify("pw", against: "hash:pw"))
    }
}
