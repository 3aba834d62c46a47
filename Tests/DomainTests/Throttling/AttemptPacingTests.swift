import Domain
import Foundation
import Testing

@Suite("AttemptPacing")
struct AttemptPacingTests {
    let email = AttemptKey(scope: "email", subject: "c@example.com")
    let client = AttemptKey(scope: "email-address", subject: "8 10.0.0.1 c@example.com")

    /// The login throttle's defaults: from the 10th failure, 1 s doubling up to 60 s.
    var pacing: AttemptPacing { AttemptPacing(key: email, onlyAfter: client, threshold: 10, firstDelay: 1, maximumDelay: 60) }

    @Test("no pause below the threshold, then one that doubles with each further attempt and stops at the cap")
    func growsAndIsCapped() {
        let delays = (0...18).map { pacing.delay(afterAttempts: $0) }
        #expect(delays == Array(repeating: 0, count: 10) + [1_000, 2_000, 4_000, 8_000, 16_000, 32_000, 60_000, 60_000, 60_000])
        #expect(pacing.delay(afterAttempts: .max) == 60_000)
        #expect(pacing.delay(afterAttempts: .min) == 0)
    }

    @Test("only the attempts that can still lengthen a pause are kept")
    func keptAttempts() {
        #expect(pacing.keptAttempts == 16)
        #expect(AttemptPacing(key: email, onlyAfter: client, threshold: 3, firstDelay: 5, maximumDelay: 5).keptAttempts == 3)
    }

    @Test("out-of-range settings are clamped, never trapped on")
    func clamped() {
        let odd = AttemptPacing(key: email, onlyAfter: client, threshold: -4, firstDelay: .nan, maximumDelay: -1)
        #expect(odd.threshold == 1)
        #expect(odd.firstDelay == 1)
        #expect(odd.maximumDelay == 1)
        let huge = AttemptPacing(key: email, onlyAfter: client, threshold: 1, firstDelay: 1e300, maximumDelay: .infinity)
        #expect(huge.maximumDelay == 86_400_000)
        #expect(huge.delay(afterAttempts: 40) == 86_400_000)
    }

    @Test("a pause applies only to an attempt whose other key failed in the window, and runs from the newest attempt")
    func decision() {
        let recent: [AttemptKey: [Int64]] = [email: (0..<11).map { Int64($0) * 100 }]
        // Eleven attempts, the newest at 1 000: a pause of 2 s from then.
        #expect(AttemptDecision.wait(limits: [], pacing: pacing, recent: recent, now: 1_500, window: 60_000) == nil)
        var failed = recent
        failed[client] = [500]
        #expect(AttemptDecision.wait(limits: [], pacing: pacing, recent: failed, now: 1_500, window: 60_000) == 1_500)
        #expect(AttemptDecision.wait(limits: [], pacing: pacing, recent: failed, now: 3_000, window: 60_000) == nil)
    }

    @Test("taking an attempt keeps at most keptAttempts of the paced key, the newest")
    func taking() {
        let recent: [AttemptKey: [Int64]] = [email: (0..<16).map { Int64($0) }]
        let taken = AttemptDecision.taking(limits: [AttemptLimit(client, maximum: 5)], pacing: pacing, recent: recent, now: 99)
        #expect(taken[email] == Array(1..<16) + [99])
        #expect(taken[client] == [99])
    }
}
