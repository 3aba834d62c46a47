import Foundation
import Synchronization
import Testing

#if canImport(Glibc)
import Glibc
#endif

/// A TCP peer that misbehaves in ways no real SMTP server can be asked to: it accepts one
/// connection on 127.0.0.1, sends `answers[0]`, then the next answer after each line it
/// receives, and says nothing more once they run out (a stall), until the test ends.
final class ScriptedRelay: @unchecked Sendable {
    /// The port it listens on.
    let port: Int
    private let listener: Int32
    private let answers: [[UInt8]]
    private let finished = DispatchSemaphore(value: 0)
    /// The accepted connection, -1 before one (and after it closed): `close` ends it, so the
    /// serving thread's reads return instead of waiting for a client that never leaves.
    private let connection = Mutex<Int32>(-1)

    /// Runs `body` against a relay that gives `answers`, then closes it.
    @discardableResult
    static func with<T>(_ answers: [String], _ body: (ScriptedRelay) throws -> T) throws -> T {
        try with(answers.map { Array($0.utf8) }, body)
    }

    /// Runs `body` against a relay that gives `answers` as bytes, then closes it.
    @discardableResult
    static func with<T>(_ answers: [[UInt8]], _ body: (ScriptedRelay) throws -> T) throws -> T {
        let relay = try ScriptedRelay(answers: answers)
        defer { relay.close() }
        return try body(relay)
    }

    private init(answers: [[UInt8]]) throws {
        self.answers = answers
        let listener = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_addr.s_addr = inet_addr("127.0.0.1")
        address.sin_port = 0
        var length = socklen_t(MemoryLayout<sockaddr_in>.size)
        let bound = withUnsafeMutablePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) {
                bind(listener, $0, length) == 0 && listen(listener, 4) == 0 && getsockname(listener, $0, &length) == 0
            }
        }
        guard bound else {
            Glibc.close(listener)
            throw SMTPSinkError("cannot listen on 127.0.0.1")
        }
        self.listener = listener
        port = Int(UInt16(bigEndian: address.sin_port))
        Thread.detachNewThread { [self] in serve() }
    }

    private func serve() {
        defer { finished.signal() }
        let connection = accept(listener, nil, nil)
        guard connection >= 0 else { return }
        self.connection.withLock { $0 = connection }
        defer {
            self.connection.withLock { $0 = -1 }
            Glibc.close(connection)
        }
        var buffer = [UInt8](repeating: 0, count: 4096)
        for (index, answer) in answers.enumerated() {
            if index > 0 {
                // Waits for one line of the client's.
                var line = false
                while !line {
                    let count = buffer.withUnsafeMutableBytes { recv(connection, $0.baseAddress, $0.count, 0) }
                    if count <= 0 { return }
                    line = buffer.prefix(count).contains(UInt8(ascii: "\n"))
                }
            }
            var offset = 0
            while offset < answer.count {
                let sent = answer.withUnsafeBytes { send(connection, $0.baseAddress! + offset, $0.count - offset, Int32(MSG_NOSIGNAL)) }
                if sent <= 0 { return }
                offset += sent
            }
        }
        // Silent now: holds the connection until the client leaves or the test closes the relay.
        while buffer.withUnsafeMutableBytes({ recv(connection, $0.baseAddress, $0.count, 0) }) > 0 {}
    }

    private func close() {
        shutdown(listener, Int32(SHUT_RDWR))
        connection.withLock { if $0 >= 0 { _ = shutdown($0, Int32(SHUT_RDWR)) } }
        Glibc.close(listener)
        if finished.wait(timeout: .now() + 10) == .timedOut {
            Issue.record("the scripted relay on port \(port) did not stop within 10 s of its close")
        }
    }
}
