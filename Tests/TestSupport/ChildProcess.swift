import Foundation

#if canImport(Glibc)
import Glibc
#endif

/// A child process run to its end within a time limit. Its output is collected while it runs, so
/// a full pipe never blocks it; past the limit it is killed and the wait throws, naming the
/// command and what it wrote, so a hang fails its test by name instead of stalling the whole run.
public enum ChildProcess {
    /// A child that outlived its limit, then killed.
    public struct TimedOut: Error, CustomStringConvertible {
        /// The command, the limit, and the output the child had written.
        public let description: String
    }

    /// What a child left: its exit status (a signal's number when one ended it) and its output.
    public struct Result: Sendable {
        /// `terminationStatus`: the exit code, or the signal that ended it.
        public let status: Int32
        /// Standard output, and standard error too unless it was kept apart.
        public let output: Data
        /// Standard error when kept apart (`separateErrors`), else empty.
        public let errors: Data

        /// `output` as UTF-8 text.
        public var text: String { String(decoding: output, as: UTF8.self) }
        /// `errors` as UTF-8 text.
        public var errorText: String { String(decoding: errors, as: UTF8.self) }
    }

    /// Runs `executable` with `arguments` (in `folder`, with `environment` when given, `input` on
    /// its standard input) and waits at most `seconds` for its end and its output's.
    public static func run(
        _ executable: URL, _ arguments: [String], in folder: URL? = nil, environment: [String: String]? = nil,
        input: Data? = nil, separateErrors: Bool = false, within seconds: Double
    ) throws -> Result {
        let process = Process()
        process.executableURL = executable
        process.arguments = arguments
        if let folder { process.currentDirectoryURL = folder }
        if let environment { process.environment = environment }
        let output = OutputCollector()
        let errors = separateErrors ? OutputCollector() : nil
        process.standardOutput = output.pipe
        process.standardError = errors?.pipe ?? output.pipe
        let standardInput = ChildProcess.pipe()
        process.standardInput = standardInput
        try process.run()
        if let input { standardInput.fileHandleForWriting.write(input) }
        try? standardInput.fileHandleForWriting.close()
        let command = ([executable.lastPathComponent] + arguments).joined(separator: " ")
        guard waitForExit(process, within: seconds) else {
            output.stop()
            errors?.stop()
            throw TimedOut(description: "`\(command)` did not end within \(seconds) s; killed. Its output so far:\n\(output.text)\(errors?.text ?? "")")
        }
        // The child is gone and what it wrote is in the pipe: its end is read within milliseconds.
        // A copy of the writing end that another test's child took (in the instant before it was
        // marked close-on-exec) would hold the end back, so the end is not waited for forever;
        // but the reader of a large output (a package description) may lag behind a busy
        // machine, so the wait lasts while the output still grows: five quiet seconds, at most a
        // minute in all.
        let cap = Date().addingTimeInterval(60)
        var quietUntil = Date().addingTimeInterval(5)
        var size = output.data.count + (errors?.data.count ?? 0)
        while !(output.ended && errors?.ended != false) && Date() < quietUntil && Date() < cap {
            usleep(5_000)
            let now = output.data.count + (errors?.data.count ?? 0)
            if now != size {
                size = now
                quietUntil = Date().addingTimeInterval(5)
            }
        }
        output.stop()
        errors?.stop()
        return Result(status: process.terminationStatus, output: output.data, errors: errors?.data ?? Data())
    }

    /// A pipe whose two ends are closed on exec: a child started while it is open, by any test
    /// running alongside, does not inherit it (a child's standard descriptors are copies made
    /// for it, which stay open), so its end is the end of the one child given it.
    public static func pipe() -> Pipe {
        let pipe = Pipe()
        for descriptor in [pipe.fileHandleForReading.fileDescriptor, pipe.fileHandleForWriting.fileDescriptor] {
            _ = fcntl(descriptor, F_SETFD, fcntl(descriptor, F_GETFD) | FD_CLOEXEC)
        }
        return pipe
    }

    /// Waits at most `seconds` for `process` to end; past that, SIGTERM, then SIGKILL two
    /// seconds later, reaps it and returns false.
    public static func waitForExit(_ process: Process, within seconds: Double) -> Bool {
        let deadline = Date().addingTimeInterval(seconds)
        while process.isRunning && Date() < deadline { usleep(10_000) }
        guard process.isRunning else { return true }
        process.terminate()
        let grace = Date().addingTimeInterval(2)
        while process.isRunning && Date() < grace { usleep(10_000) }
        if process.isRunning { kill(process.processIdentifier, SIGKILL) }
        process.waitUntilExit()
        return false
    }

    /// Waits at most `seconds` for the child `pid` (started with posix_spawn) to end and returns
    /// its raw wait status; past that, SIGKILL, reaps it and throws naming `what`.
    public static func waitpid(_ pid: pid_t, within seconds: Double, what: String) throws -> Int32 {
        var status: Int32 = 0
        let deadline = Date().addingTimeInterval(seconds)
        while Date() < deadline {
            let result = Glibc.waitpid(pid, &status, WNOHANG)
            if result == pid { return status }
            if result == -1 && errno != EINTR { throw TimedOut(description: "\(what): waitpid failed, errno \(errno)") }
            usleep(20_000)
        }
        kill(pid, SIGKILL)
        while Glibc.waitpid(pid, &status, 0) == -1, errno == EINTR {}
        throw TimedOut(description: "\(what) did not end within \(seconds) s; killed")
    }
}

/// One output pipe of a child, read as it is written by a thread of its own with `poll` and
/// `read`. Not a `FileHandle.readabilityHandler`: its dispatch source was still registered when
/// the pipe was closed after a run, and a later event on the reused descriptor crashed
/// libdispatch's event loop (signal 11 in `_dispatch_event_loop_drain`, a clean-clone CI run).
/// `stop()` ends the thread before the pipe can be closed.
public final class OutputCollector: @unchecked Sendable {
    /// The pipe to hand the child as its output.
    public let pipe = ChildProcess.pipe()
    private let lock = NSLock()
    private var collected = Data()
    private var reachedEnd = false
    private var stopRequested = false
    private let done = DispatchSemaphore(value: 0)
    private var stopped = false

    /// Starts reading at once.
    public init() {
        let descriptor = pipe.fileHandleForReading.fileDescriptor
        let thread = Thread { [self] in
            var buffer = [UInt8](repeating: 0, count: 1 << 16)
            while !lock.withLock({ stopRequested }) {
                var ready = pollfd(fd: descriptor, events: Int16(POLLIN), revents: 0)
                let polled = poll(&ready, 1, 50)
                if polled < 0 && errno == EINTR { continue }
                if polled <= 0 { if polled < 0 { break } else { continue } }
                let count = read(descriptor, &buffer, buffer.count)
                if count > 0 {
                    lock.withLock { collected.append(contentsOf: buffer[0..<count]) }
                } else if count == 0 || (errno != EINTR && errno != EAGAIN) {
                    lock.withLock { reachedEnd = true }
                    break
                }
            }
            done.signal()
        }
        thread.start()
    }

    /// Ends the reading thread and waits for it; what it read stays in `data`.
    public func stop() {
        guard !stopped else { return }
        stopped = true
        lock.withLock { stopRequested = true }
        done.wait()
    }

    /// Everything read so far.
    public var data: Data { lock.withLock { collected } }
    /// `data` as UTF-8 text.
    public var text: String { String(decoding: data, as: UTF8.self) }
    /// Whether the pipe reached its end: every holder of its writing end closed it.
    public var ended: Bool { lock.withLock { reachedEnd } }
}
