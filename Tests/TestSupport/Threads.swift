import Foundation

/// Runs work on real threads, all at once, unlike `concurrentPerform`, which uses only as many
/// threads as there are cores (two on CI) and so would not exercise the reader pool.
public enum Threads {
    /// Runs `body(0)`, …, `body(count - 1)` each on its own new thread and waits for all of them.
    public static func run(count: Int, _ body: @escaping @Sendable (Int) -> Void) {
        let group = DispatchGroup()
        for index in 0..<count {
            group.enter()
            let thread = Thread {
                body(index)
                group.leave()
            }
            thread.start()
        }
        group.wait()
    }
}
