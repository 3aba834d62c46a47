@testable import SQLRows
import Testing

/// The group commit queue's decisions, event by event, with no thread, lock or clock: each row is
/// (what happens, what the caller must do, who leads afterwards, what is still queued). Writes are
/// named by letters; each table starts from an empty queue.
@Suite("Group commit queue")
struct GroupCommitQueueTests {
    typealias Queue = GroupCommitQueue<String>
    typealias Row = (event: Queue.Event, action: Queue.Action, lead: Queue.Lead, queued: [String])

    /// Runs `rows` in order on one queue, checking each row's action and the state it leaves.
    static func expectRows(limit: Int = 64, delay: Duration = .zero, _ rows: [Row], sourceLocation: SourceLocation = #_sourceLocation) {
        var queue = Queue(limit: limit, delay: delay)
        for (index, row) in rows.enumerated() {
            let action = queue.handle(row.event)
            #expect(action == row.action, "row \(index + 1): \(row.event)", sourceLocation: sourceLocation)
            #expect(queue.lead == row.lead, "row \(index + 1): \(row.event)", sourceLocation: sourceLocation)
            #expect(queue.queued == row.queued, "row \(index + 1): \(row.event)", sourceLocation: sourceLocation)
        }
    }

    @Test("a write that arrives alone is led at once and finished by its own group")
    func loneWrite() {
        Self.expectRows([
            (.submitted("a"), .run(["a"]), .running(lead: "a", group: ["a"]), []),
            (.groupRan, .finishGroup(waking: [], nextLead: nil), .none, []),
            (.submitted("b"), .run(["b"]), .running(lead: "b", group: ["b"]), []),
        ])
    }

    @Test("writes that queue while a group runs form the next one, in order, led by the oldest")
    func nextGroupInOrder() {
        Self.expectRows([
            (.submitted("a"), .run(["a"]), .running(lead: "a", group: ["a"]), []),
            (.submitted("b"), .wait(waking: nil), .running(lead: "a", group: ["a"]), ["b"]),
            (.submitted("c"), .wait(waking: nil), .running(lead: "a", group: ["a"]), ["b", "c"]),
            (.groupRan, .finishGroup(waking: [], nextLead: "b"), .leading("b"), ["b", "c"]),
            (.submitted("d"), .wait(waking: nil), .leading("b"), ["b", "c", "d"]),
            (.woken("b"), .run(["b", "c", "d"]), .running(lead: "b", group: ["b", "c", "d"]), []),
            (.groupRan, .finishGroup(waking: ["c", "d"], nextLead: nil), .none, []),
            (.woken("c"), .done, .none, []),
            (.woken("d"), .done, .none, []),
        ])
    }

    @Test("a group holds at most the limit; the rest wait for the next, whose lead is the oldest of them")
    func groupLimit() {
        Self.expectRows(limit: 3, [
            (.submitted("a"), .run(["a"]), .running(lead: "a", group: ["a"]), []),
            (.submitted("b"), .wait(waking: nil), .running(lead: "a", group: ["a"]), ["b"]),
            (.submitted("c"), .wait(waking: nil), .running(lead: "a", group: ["a"]), ["b", "c"]),
            (.submitted("d"), .wait(waking: nil), .running(lead: "a", group: ["a"]), ["b", "c", "d"]),
            (.submitted("e"), .wait(waking: nil), .running(lead: "a", group: ["a"]), ["b", "c", "d", "e"]),
            (.groupRan, .finishGroup(waking: [], nextLead: "b"), .leading("b"), ["b", "c", "d", "e"]),
            (.woken("b"), .run(["b", "c", "d"]), .running(lead: "b", group: ["b", "c", "d"]), ["e"]),
            (.groupRan, .finishGroup(waking: ["c", "d"], nextLead: "e"), .leading("e"), ["e"]),
            (.woken("c"), .done, .leading("e"), ["e"]),
            (.woken("e"), .run(["e"]), .running(lead: "e", group: ["e"]), []),
            (.woken("d"), .done, .running(lead: "e", group: ["e"]), []),
            (.groupRan, .finishGroup(waking: [], nextLead: nil), .none, []),
        ])
    }

    @Test("after a group of several, a lead waits for company, and the writes queued meanwhile share its group")
    func leadWaitsForCompanyAfterAGroup() {
        Self.expectRows(delay: .milliseconds(1), [
            (.submitted("a"), .run(["a"]), .running(lead: "a", group: ["a"]), []),
            (.submitted("b"), .wait(waking: nil), .running(lead: "a", group: ["a"]), ["b"]),
            (.submitted("c"), .wait(waking: nil), .running(lead: "a", group: ["a"]), ["b", "c"]),
            (.groupRan, .finishGroup(waking: [], nextLead: "b"), .leading("b"), ["b", "c"]),
            // The last group held one write: no wait.
            (.woken("b"), .run(["b", "c"]), .running(lead: "b", group: ["b", "c"]), []),
            (.groupRan, .finishGroup(waking: ["c"], nextLead: nil), .none, []),
            // The last group held two: the next lead waits, even when it arrives alone.
            (.submitted("d"), .waitForCompany(.milliseconds(1)), .waitingForCompany("d"), ["d"]),
            (.submitted("e"), .wait(waking: nil), .waitingForCompany("d"), ["d", "e"]),
            (.companyWaitEnded, .run(["d", "e"]), .running(lead: "d", group: ["d", "e"]), []),
            (.groupRan, .finishGroup(waking: ["e"], nextLead: nil), .none, []),
        ])
    }

    @Test("a lead handed the lead after a group of several waits for company too")
    func handedLeadWaits() {
        Self.expectRows(delay: .milliseconds(1), [
            (.submitted("a"), .run(["a"]), .running(lead: "a", group: ["a"]), []),
            (.submitted("b"), .wait(waking: nil), .running(lead: "a", group: ["a"]), ["b"]),
            (.groupRan, .finishGroup(waking: [], nextLead: "b"), .leading("b"), ["b"]),
            (.submitted("c"), .wait(waking: nil), .leading("b"), ["b", "c"]),
            (.woken("b"), .run(["b", "c"]), .running(lead: "b", group: ["b", "c"]), []),
            (.submitted("d"), .wait(waking: nil), .running(lead: "b", group: ["b", "c"]), ["d"]),
            (.groupRan, .finishGroup(waking: ["c"], nextLead: "d"), .leading("d"), ["d"]),
            (.woken("d"), .waitForCompany(.milliseconds(1)), .waitingForCompany("d"), ["d"]),
            (.companyWaitEnded, .run(["d"]), .running(lead: "d", group: ["d"]), []),
            // A group of one: the next lead does not wait.
            (.groupRan, .finishGroup(waking: [], nextLead: nil), .none, []),
            (.submitted("e"), .run(["e"]), .running(lead: "e", group: ["e"]), []),
        ])
    }

    @Test("the write that fills the group wakes the lead waiting for company, once")
    func fullGroupWakesTheLead() {
        Self.expectRows(limit: 3, delay: .seconds(30), [
            (.submitted("a"), .run(["a"]), .running(lead: "a", group: ["a"]), []),
            (.submitted("b"), .wait(waking: nil), .running(lead: "a", group: ["a"]), ["b"]),
            (.submitted("c"), .wait(waking: nil), .running(lead: "a", group: ["a"]), ["b", "c"]),
            (.groupRan, .finishGroup(waking: [], nextLead: "b"), .leading("b"), ["b", "c"]),
            (.woken("b"), .run(["b", "c"]), .running(lead: "b", group: ["b", "c"]), []),
            (.groupRan, .finishGroup(waking: ["c"], nextLead: nil), .none, []),
            (.submitted("d"), .waitForCompany(.seconds(30)), .waitingForCompany("d"), ["d"]),
            (.submitted("e"), .wait(waking: nil), .waitingForCompany("d"), ["d", "e"]),
            (.submitted("f"), .wait(waking: "d"), .leading("d"), ["d", "e", "f"]),
            (.submitted("g"), .wait(waking: nil), .leading("d"), ["d", "e", "f", "g"]),
            (.companyWaitEnded, .run(["d", "e", "f"]), .running(lead: "d", group: ["d", "e", "f"]), ["g"]),
            (.groupRan, .finishGroup(waking: ["e", "f"], nextLead: "g"), .leading("g"), ["g"]),
            // The group was full: the next lead waits for company again.
            (.woken("g"), .waitForCompany(.seconds(30)), .waitingForCompany("g"), ["g"]),
        ])
    }

    @Test("a lead whose group is already full when it starts does not wait")
    func fullGroupAtStartDoesNotWait() {
        Self.expectRows(limit: 2, delay: .seconds(30), [
            (.submitted("a"), .run(["a"]), .running(lead: "a", group: ["a"]), []),
            (.submitted("b"), .wait(waking: nil), .running(lead: "a", group: ["a"]), ["b"]),
            (.submitted("c"), .wait(waking: nil), .running(lead: "a", group: ["a"]), ["b", "c"]),
            (.groupRan, .finishGroup(waking: [], nextLead: "b"), .leading("b"), ["b", "c"]),
            (.woken("b"), .run(["b", "c"]), .running(lead: "b", group: ["b", "c"]), []),
            (.submitted("d"), .wait(waking: nil), .running(lead: "b", group: ["b", "c"]), ["d"]),
            (.submitted("e"), .wait(waking: nil), .running(lead: "b", group: ["b", "c"]), ["d", "e"]),
            (.submitted("f"), .wait(waking: nil), .running(lead: "b", group: ["b", "c"]), ["d", "e", "f"]),
            (.groupRan, .finishGroup(waking: ["c"], nextLead: "d"), .leading("d"), ["d", "e", "f"]),
            // After a group of two, but two are queued already: no wait.
            (.woken("d"), .run(["d", "e"]), .running(lead: "d", group: ["d", "e"]), ["f"]),
            (.groupRan, .finishGroup(waking: ["e"], nextLead: "f"), .leading("f"), ["f"]),
            (.woken("f"), .waitForCompany(.seconds(30)), .waitingForCompany("f"), ["f"]),
        ])
    }

    @Test("an event out of turn changes nothing")
    func eventsOutOfTurn() {
        Self.expectRows([
            (.groupRan, .none, .none, []),
            (.companyWaitEnded, .none, .none, []),
            (.submitted("a"), .run(["a"]), .running(lead: "a", group: ["a"]), []),
            (.companyWaitEnded, .none, .running(lead: "a", group: ["a"]), []),
            (.groupRan, .finishGroup(waking: [], nextLead: nil), .none, []),
            (.groupRan, .none, .none, []),
        ])
    }

    @Test("a limit below one is one, and the delay is kept between zero and a minute")
    func settingsAreBounded() {
        #expect(Queue(limit: 0).limit == 1)
        #expect(Queue(limit: -5).limit == 1)
        #expect(Queue(limit: 1, delay: .milliseconds(-3)).delay == .zero)
        #expect(Queue(limit: 1, delay: .seconds(3600)).delay == .seconds(60))
        Self.expectRows(limit: 0, delay: .milliseconds(-3), [
            (.submitted("a"), .run(["a"]), .running(lead: "a", group: ["a"]), []),
            (.submitted("b"), .wait(waking: nil), .running(lead: "a", group: ["a"]), ["b"]),
            (.submitted("c"), .wait(waking: nil), .running(lead: "a", group: ["a"]), ["b", "c"]),
            (.groupRan, .finishGroup(waking: [], nextLead: "b"), .leading("b"), ["b", "c"]),
            (.woken("b"), .run(["b"]), .running(lead: "b", group: ["b"]), ["c"]),
        ])
    }
}
