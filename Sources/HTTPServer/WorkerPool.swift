import Foundation

/// A fixed set of threads that run request handlers, fed from one queue.
///
/// Dispatch's global queues grow threads when handlers block (SQLite does), so handlers get
/// their own bounded pool instead: at most `count` run at once, whatever the load.
final class WorkerPool: @unchecked Sendable {
    private let condition = NSCondition()
    private var jobs: [@Sendable () -> Void] = []
    private var head = 0
    private var stopping = false
    private var running = 0
    private let count: Int

    init(count: Int, name: String) {
        self.count = max(1, count)
        for index in 0..<self.count {
            let thread = Thread { [self] in work() }
            thread.name = "\(name)-\(index)"
            thread.start()
        }
        running = self.count
    }

    /// Queues a job; it runs on the first free worker.
    func submit(_ job: @escaping @Sendable () -> Void) {
        condition.lock()
        jobs.append(job)
        condition.signal()
        condition.unlock()
    }

    /// Lets the workers finish the queued jobs, then end.
    func stop() {
        condition.lock()
        stopping = true
        condition.broadcast()
        condition.unlock()
    }

    private func work() {
        #if os(Linux)
        // SCHED_BATCH (3): a woken worker does not preempt the event loop that woke it, so a
        // loop hands over a whole batch of requests before the workers run, instead of
        // ping-ponging one request at a time on a busy core.
        var parameters = sched_param()
        _ = sched_setscheduler(0, 3, &parameters)
        #endif
        while true {
            condition.lock()
            while head == jobs.count && !stopping { condition.wait() }
            if head == jobs.count {
                running -= 1
                condition.unlock()
                return
            }
            let job = jobs[head]
            head += 1
            if head == jobs.count {
                jobs.removeAll(keepingCapacity: true)
                head = 0
            } else if head >= 1024 && head * 2 >= jobs.count {
                jobs.removeSubrange(0..<head)
                head = 0
            }
            condition.unlock()
            job()
        }
    }
}
