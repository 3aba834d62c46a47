import Foundation
import TestSupport
import Testing

/// The real `viperd` binary, run as a child process on an ephemeral port.
final class ViperdProcess: @unchecked Sendable {
    struct Failure: Error, CustomStringConvertible {
        let description: String
    }

    let process = Process()
    /// The server's output, read as it is written.
    private let output = OutputCollector()
    private(set) var port = 0

    /// The binary `swift build` put beside the test bundle.
    static var binary: URL {
        let products = URL(fileURLWithPath: CommandLine.arguments[0]).deletingLastPathComponent()
        var candidate = products
        // The test runner may be inside an .xctest bundle folder.
        for _ in 0..<4 {
            let url = candidate.appendingPathComponent("viperd")
            if FileManager.default.isExecutableFile(atPath: url.path) { return url }
            candidate = candidate.deletingLastPathComponent()
        }
        return URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent().deletingLastPathComponent().appendingPathComponent(".build/debug/viperd")
    }

    /// Runs `viperd` with `arguments` and returns its exit status and combined output; its
    /// environment is this process's plus `environment`, or `environment` alone when not `inheriting`.
    /// One still running after `timeout` seconds is killed and fails the test with its output.
    static func run(
        _ arguments: [String], environment: [String: String] = [:], inheriting: Bool = true, input: String? = nil, timeout: Double = 20
    ) throws -> (status: Int32, output: String) {
        let result = try ChildProcess.run(
            binary, arguments,
            environment: inheriting ? ProcessInfo.processInfo.environment.merging(environment) { $1 } : environment,
            input: input.map { Data($0.utf8) }, within: timeout)
        return (result.status, result.text)
    }

    /// Starts `viperd serve --port 0 …` with `arguments`, sends `signal` the moment the listening
    /// line arrives (a blocking read, no polling delay), and returns the exit status (nil when
    /// the process was still running `timeout` seconds later, then killed) and the output.
    static func signalOnListening(_ signal: Int32, arguments: [String] = [], timeout: Double = 10) throws -> (status: Int32?, output: String) {
        let process = Process()
        process.executableURL = binary
        process.arguments = ["serve", "--host", "127.0.0.1", "--port", "0"] + Self.freeMetricsPort(arguments)
        let pipe = ChildProcess.pipe()
        process.standardOutput = pipe
        process.standardError = pipe
        try process.run()
        var output = Data()
        // Each read waits at most until the deadline: a server that neither listens nor ends
        // fails the test by name instead of blocking it.
        let listening = Date().addingTimeInterval(20)
        var buffer = [UInt8](repeating: 0, count: 4096)
        while listeningPort(in: String(decoding: output, as: UTF8.self)) == nil {
            var ready = pollfd(fd: pipe.fileHandleForReading.fileDescriptor, events: Int16(POLLIN), revents: 0)
            let milliseconds = Int32(max(0, listening.timeIntervalSinceNow) * 1000)
            guard milliseconds > 0 else {
                kill(process.processIdentifier, SIGKILL)
                process.waitUntilExit()
                throw Failure(description: "viperd did not report its port within 20 s; output:\n\(String(decoding: output, as: UTF8.self))")
            }
            if poll(&ready, 1, milliseconds) <= 0 { continue }
            let count = read(ready.fd, &buffer, buffer.count)
            if count <= 0 { break }  // the process ended without listening
            output.append(contentsOf: buffer[0..<count])
        }
        kill(process.processIdentifier, signal)
        let deadline = Date().addingTimeInterval(timeout)
        while process.isRunning && Date() < deadline { usleep(5_000) }
        let exited = !process.isRunning
        if !exited { kill(process.processIdentifier, SIGKILL) }
        output.append(pipe.fileHandleForReading.readDataToEndOfFile())
        process.waitUntilExit()
        return (exited ? process.terminationStatus : nil, String(decoding: output, as: UTF8.self))
    }

    /// Starts `viperd serve --port 0 …` (through `sh -c` when `shellPrefix` is given, e.g. a
    /// `ulimit`) and waits for the line that names the port.
    init(_ arguments: [String] = [], environment: [String: String] = [:], shellPrefix: String? = nil) throws {
        let serve = ["serve", "--host", "127.0.0.1", "--port", "0"] + Self.freeMetricsPort(arguments)
        if let shellPrefix {
            process.executableURL = URL(fileURLWithPath: "/bin/sh")
            let quoted = ([ViperdProcess.binary.path] + serve).map { "'\($0)'" }.joined(separator: " ")
            process.arguments = ["-c", "\(shellPrefix) && exec \(quoted)"]
        } else {
            process.executableURL = ViperdProcess.binary
            process.arguments = serve
        }
        process.environment = ProcessInfo.processInfo.environment.merging(environment) { $1 }
        process.standardOutput = output.pipe
        process.standardError = output.pipe
        try process.run()
        let deadline = Date().addingTimeInterval(20)
        while Date() < deadline {
            if let port = Self.listeningPort(in: log) {
                self.port = port
                return
            }
            if !process.isRunning { break }
            usleep(20_000)
        }
        process.terminate()
        let log = self.log
        output.stop()
        throw Failure(description: "viperd did not report its port; output:\n\(log)")
    }

    deinit {
        if process.isRunning {
            process.interrupt()
            // A server that does not stop on SIGINT is killed, and the test that started it fails.
            if !ChildProcess.waitForExit(process, within: 15) {
                Issue.record("viperd (pid \(process.processIdentifier)) did not stop within 15 s of SIGINT; killed. Its log:\n\(log)")
            }
        }
        output.stop()
    }

    var log: String { output.text }

    var pid: Int32 { process.processIdentifier }

    /// Open descriptors of the child.
    var openFileDescriptors: Int {
        (try? FileManager.default.contentsOfDirectory(atPath: "/proc/\(pid)/fd").count) ?? -1
    }

    /// Open descriptors once the count has held still for half a second (at most 5 s of waiting).
    func settledFileDescriptors() -> Int {
        var last = openFileDescriptors
        var stableSince = Date()
        let deadline = Date().addingTimeInterval(5)
        while Date() < deadline && Date().timeIntervalSince(stableSince) < 0.5 {
            usleep(50_000)
            let now = openFileDescriptors
            if now != last { (last, stableSince) = (now, Date()) }
        }
        return last
    }

    /// What the child's descriptors point at (`socket:[…]`, files), for failure messages.
    var descriptorKinds: [String] {
        let folder = "/proc/\(pid)/fd"
        let names = (try? FileManager.default.contentsOfDirectory(atPath: folder)) ?? []
        return names.compactMap { try? FileManager.default.destinationOfSymbolicLink(atPath: "\(folder)/\($0)") }.sorted()
    }

    /// User + system CPU ticks the child has used.
    var cpuTicks: Int {
        guard let stat = try? String(contentsOfFile: "/proc/\(pid)/stat", encoding: .utf8),
            let end = stat.lastIndex(of: ")")
        else { return -1 }
        let fields = stat[stat.index(after: end)...].split(separator: " ")
        // After the command name: state is field 3, utime 14, stime 15 (1-based over the whole line).
        guard fields.count > 13, let user = Int(fields[11]), let system = Int(fields[12]) else { return -1 }
        return user + system
    }

    /// Sends `signal` and waits for the exit status.
    func stop(signal: Int32 = SIGTERM, timeout: Double = 15) -> Int32? {
        kill(pid, signal)
        let deadline = Date().addingTimeInterval(timeout)
        while process.isRunning && Date() < deadline { usleep(10_000) }
        guard !process.isRunning else { return nil }
        // The last lines may still be in the pipe when the process is reaped: `log` must hold them.
        while !output.ended && Date() < deadline { usleep(5_000) }
        return process.terminationStatus
    }

    /// `arguments`, with the metrics listener on a free port unless they name one: servers of
    /// tests run side by side, and the default port would be taken by the first of them.
    static func freeMetricsPort(_ arguments: [String]) -> [String] {
        arguments.contains("--metrics-address") ? arguments : arguments + ["--metrics-address", "127.0.0.1:0"]
    }

    static func listeningPort(in log: String) -> Int? {
        guard let range = log.range(of: "listening on http://") else { return nil }
        let rest = log[range.upperBound...]
        // The line ends at a newline, or at the closing quote of a JSON log line's message.
        let end = rest.firstIndex { $0 == "\n" || $0 == "\"" } ?? rest.endIndex
        guard let colon = rest.lastIndex(of: ":", before: end) else { return nil }
        let digits = rest[rest.index(after: colon)...].prefix { $0.isNumber }
        return Int(digits)
    }
}

extension Substring {
    func lastIndex(of character: Character, before end: Index) -> Index? {
        self[..<end].lastIndex(of: character)
    }
}
