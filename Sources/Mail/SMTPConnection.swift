import Foundation

#if canImport(Glibc)
import Glibc
#endif

/// One TCP connection to the relay over a non-blocking POSIX socket. Connecting, writing one
/// command or the whole message, and reading one reply each get the full timeout and fail with
/// `.temporary` past it, so a relay that stalls costs at most one timeout per step. Replies are
/// read into a bounded buffer: a line longer than `maxLineLength`, or a reply of more than
/// `maxReplyLines` lines, fails the step instead of growing memory.
final class SMTPConnection {
    /// RFC 5321 allows 512 octets a reply line; four times that leaves room for lax relays.
    static let maxLineLength = 2048
    /// An EHLO reply lists a few dozen extensions at most.
    static let maxReplyLines = 128

    private let descriptor: Int32
    private let timeout: Duration
    /// Bytes read and not yet returned as a line; never more than `maxLineLength` plus one read.
    private var pending: [UInt8] = []

    /// Resolves `host` (IPv4 and IPv6, `getaddrinfo`) and connects to the first address that
    /// answers, all within one `timeout`; the resolver's own time is its own (glibc's timeouts).
    init(host: String, port: Int, timeout: Duration) throws(SMTPFailure) {
        self.timeout = timeout
        descriptor = try Self.connect(host: host, port: port, deadline: ContinuousClock.now + timeout, timeout: timeout)
    }

    private static func connect(host: String, port: Int, deadline: ContinuousClock.Instant, timeout: Duration) throws(SMTPFailure) -> Int32 {
        var hints = addrinfo()
        hints.ai_family = AF_UNSPEC
        hints.ai_socktype = Int32(SOCK_STREAM.rawValue)
        hints.ai_flags = AI_NUMERICSERV
        var result: UnsafeMutablePointer<addrinfo>?
        let status = getaddrinfo(host, String(port), &hints, &result)
        guard status == 0, let first = result else {
            throw .temporary("cannot resolve the relay \(host): \(String(cString: gai_strerror(status)))")
        }
        defer { freeaddrinfo(result) }

        var lastError = "no address"
        var candidate: UnsafeMutablePointer<addrinfo>? = first
        while let address = candidate {
            candidate = address.pointee.ai_next
            let flags = Int32(SOCK_NONBLOCK.rawValue | SOCK_CLOEXEC.rawValue)
            let fd = socket(address.pointee.ai_family, address.pointee.ai_socktype | flags, address.pointee.ai_protocol)
            if fd < 0 {
                lastError = describe(errno: errno)
                continue
            }
            if Glibc.connect(fd, address.pointee.ai_addr, address.pointee.ai_addrlen) == 0 { return fd }
            // A non-blocking connect goes on in the background, an interrupted one too.
            guard errno == EINPROGRESS || errno == EINTR else {
                lastError = describe(errno: errno)
                Glibc.close(fd)
                continue
            }
            do {
                try wait(fd, for: POLLOUT, until: deadline, timeout: timeout, step: "connecting to the relay \(host) port \(port)")
            } catch {
                Glibc.close(fd)
                throw error
            }
            var code: Int32 = 0
            var length = socklen_t(MemoryLayout<Int32>.size)
            if getsockopt(fd, SOL_SOCKET, SO_ERROR, &code, &length) == 0, code == 0 { return fd }
            lastError = describe(errno: code)
            Glibc.close(fd)
        }
        throw .temporary("cannot connect to the relay \(host) port \(port): \(lastError)")
    }

    deinit {
        Glibc.close(descriptor)
    }

    /// Sends all of `bytes` within the timeout; `step` names what is sent, for the failure.
    func write(_ bytes: [UInt8], step: String) throws(SMTPFailure) {
        let deadline = ContinuousClock.now + timeout
        var offset = 0
        while offset < bytes.count {
            let sent = bytes.withUnsafeBytes { buffer in
                Glibc.send(descriptor, buffer.baseAddress.map { $0 + offset }, buffer.count - offset, Int32(MSG_NOSIGNAL))
            }
            if sent > 0 {
                // At most the bytes left, so the sum stays within the array's count.
                offset += sent
                continue
            }
            let error = errno
            if sent < 0, error == EINTR { continue }
            if sent < 0, error == EAGAIN || error == EWOULDBLOCK {
                try Self.wait(descriptor, for: POLLOUT, until: deadline, timeout: timeout, step: step)
                continue
            }
            throw .temporary("\(step): the connection to the relay failed: \(Self.describe(errno: error))")
        }
    }

    /// Sends `bytes` if the socket takes them at once, and ignores any failure: for QUIT after
    /// a failure, when nothing depends on the relay hearing it.
    func writeIfPossible(_ bytes: [UInt8]) {
        _ = bytes.withUnsafeBytes { Glibc.send(descriptor, $0.baseAddress, $0.count, Int32(MSG_NOSIGNAL)) }
    }

    /// The next reply, all its lines within the timeout. A line that is not a reply line, or
    /// whose code differs from the reply's first, fails with `.temporary`: that relay does not
    /// speak SMTP as this client understands it, and another attempt may reach one that does.
    func readReply(step: String) throws(SMTPFailure) -> SMTPReply {
        let deadline = ContinuousClock.now + timeout
        var reply: SMTPReply?
        while true {
            let line = try readLine(until: deadline, step: step)
            guard let parsed = SMTPReply.parseLine(line), reply == nil || reply?.code == parsed.code else {
                throw .temporary("\(step): the relay's reply is not SMTP: \(SMTPReply.printable(String(decoding: line, as: UTF8.self)))")
            }
            reply = SMTPReply(code: parsed.code, lines: (reply?.lines ?? []) + [parsed.text])
            if let reply, parsed.isLast { return reply }
            if (reply?.lines.count ?? 0) >= Self.maxReplyLines {
                throw .temporary("\(step): the relay's reply runs past \(Self.maxReplyLines) lines")
            }
        }
    }

    /// One line without its CRLF (a bare LF ends a line too).
    private func readLine(until deadline: ContinuousClock.Instant, step: String) throws(SMTPFailure) -> [UInt8] {
        var chunk = [UInt8](repeating: 0, count: 4096)
        while true {
            if let end = pending.firstIndex(of: UInt8(ascii: "\n")) {
                var line = Array(pending[..<end])
                pending.removeSubrange(...end)
                if line.last == UInt8(ascii: "\r") { line.removeLast() }
                guard line.count <= Self.maxLineLength else { break }
                return line
            }
            guard pending.count <= Self.maxLineLength else { break }
            let received = chunk.withUnsafeMutableBytes { Glibc.recv(descriptor, $0.baseAddress, $0.count, 0) }
            if received > 0 {
                pending += chunk.prefix(received)
                continue
            }
            let error = errno
            if received == 0 {
                throw .temporary("\(step): the relay closed the connection")
            }
            if error == EINTR { continue }
            if error == EAGAIN || error == EWOULDBLOCK {
                try Self.wait(descriptor, for: POLLIN, until: deadline, timeout: timeout, step: step)
                continue
            }
            throw .temporary("\(step): the connection to the relay failed: \(Self.describe(errno: error))")
        }
        throw .temporary("\(step): the relay sent a reply line longer than \(Self.maxLineLength) octets")
    }

    /// Waits until `fd` is ready for `events` (or in error, which the next call reports), or
    /// fails with `.temporary` at the deadline.
    private static func wait(
        _ fd: Int32, for events: Int32, until deadline: ContinuousClock.Instant, timeout: Duration, step: String
    ) throws(SMTPFailure) {
        while true {
            let left = milliseconds(until: deadline)
            guard left > 0 else {
                throw .temporary("\(step): no progress within the timeout of \(timeout)")
            }
            var entry = pollfd(fd: fd, events: Int16(truncatingIfNeeded: events), revents: 0)
            let ready = poll(&entry, 1, left)
            if ready > 0 { return }
            if ready < 0, errno != EINTR {
                throw .temporary("\(step): poll failed: \(describe(errno: errno))")
            }
        }
    }

    /// Milliseconds left until `deadline`, rounded up, clamped to what poll takes.
    private static func milliseconds(until deadline: ContinuousClock.Instant) -> Int32 {
        let left = deadline - ContinuousClock.now
        guard left > .zero else { return 0 }
        let (seconds, attoseconds) = left.components
        guard seconds < 2_000_000 else { return Int32.max }
        let total = seconds * 1000 + (attoseconds + 999_999_999_999_999) / 1_000_000_000_000_000
        return Int32(clamping: total)
    }

    private static func describe(errno code: Int32) -> String {
        guard let message = strerror(code) else { return "errno \(code)" }
        return String(cString: message)
    }
}
