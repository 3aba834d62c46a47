import Foundation

#if canImport(Glibc)
import Glibc
#endif

/// A blocking loopback client that speaks raw bytes, so tests control every byte and pause.
public final class TestClient {
    public struct Failure: Error, CustomStringConvertible {
        public let description: String
    }

    /// A response as read off the wire.
    public struct Response: Sendable {
        public var status: Int
        public var headers: [(String, String)]
        public var body: [UInt8]

        public func header(_ name: String) -> String? {
            headers.first { $0.0.lowercased() == name.lowercased() }?.1
        }

        public var text: String { String(decoding: body, as: UTF8.self) }
    }

    public private(set) var fd: Int32
    private var buffer: [UInt8] = []
    /// The most bytes one `recv` asks for: small sizes read a body in many pieces.
    public var readSize = 65536
    /// The receive timeout for a request that hashes a password at the production cost in a
    /// debug `viperd` (registration, login): about a second alone, several on a loaded machine,
    /// where the usual 5 s once cut three such answers in one run.
    public static let hashingTimeout: Double = 30

    /// Connects to 127.0.0.1:`port`, from `source` (another loopback address such as
    /// `127.0.0.2`, to look like a second client host) when given. `receiveBuffer` bytes of
    /// socket receive buffer (set before connecting, so the window follows): a client that does
    /// not read then holds the server back after a little.
    public init(port: Int, receiveTimeout: Double = 5, from source: String? = nil, receiveBuffer: Int32? = nil) throws {
        fd = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        guard fd >= 0 else { throw Failure(description: "socket: \(errno)") }
        if var size = receiveBuffer {
            setsockopt(fd, SOL_SOCKET, SO_RCVBUF, &size, socklen_t(MemoryLayout<Int32>.size))
        }
        if let source {
            var local = sockaddr_in()
            local.sin_family = sa_family_t(AF_INET)
            local.sin_addr.s_addr = inet_addr(source)
            let bound = withUnsafePointer(to: &local) {
                $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { bind(fd, $0, socklen_t(MemoryLayout<sockaddr_in>.size)) }
            }
            guard bound == 0 else {
                let code = errno
                Glibc.close(fd)
                fd = -1
                throw Failure(description: "bind \(source): \(code)")
            }
        }
        // A connect into a full accept queue and a send the server never reads both wait on the
        // peer: bounded, they fail the test with a message instead of blocking it (Linux applies
        // the send timeout to connect too).
        var sendTimeout = timeval(tv_sec: Int(max(30, receiveTimeout)), tv_usec: 0)
        setsockopt(fd, SOL_SOCKET, SO_SNDTIMEO, &sendTimeout, socklen_t(MemoryLayout<timeval>.size))
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_port = in_port_t(UInt16(port).bigEndian)
        address.sin_addr.s_addr = inet_addr("127.0.0.1")
        let result = withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) {
                connect(fd, $0, socklen_t(MemoryLayout<sockaddr_in>.size))
            }
        }
        guard result == 0 else {
            let code = errno
            // deinit still runs for a throwing init: leave it nothing to close twice.
            Glibc.close(fd)
            fd = -1
            throw Failure(description: code == EINPROGRESS ? "connect to port \(port) timed out" : "connect: \(code)")
        }
        setReceiveTimeout(receiveTimeout)
    }

    deinit { if fd >= 0 { Glibc.close(fd) } }

    public func setReceiveTimeout(_ seconds: Double) {
        var timeout = timeval(tv_sec: Int(seconds), tv_usec: Int((seconds - Double(Int(seconds))) * 1_000_000))
        setsockopt(fd, SOL_SOCKET, SO_RCVTIMEO, &timeout, socklen_t(MemoryLayout<timeval>.size))
    }

    public func send(_ text: String) throws { try send(Array(text.utf8)) }

    public func send(_ bytes: [UInt8]) throws {
        var offset = 0
        while offset < bytes.count {
            let n = bytes.withUnsafeBytes { Glibc.send(fd, $0.baseAddress! + offset, bytes.count - offset, Int32(MSG_NOSIGNAL)) }
            if n < 0 {
                if errno == EINTR { continue }
                if errno == EAGAIN || errno == EWOULDBLOCK { throw Failure(description: "send timed out: the server stopped reading") }
                throw Failure(description: "send: errno \(errno)")
            }
            offset += n
        }
    }

    /// Reads more bytes into the buffer; false on EOF, throws on timeout or error.
    @discardableResult
    private func fill() throws -> Bool {
        var chunk = [UInt8](repeating: 0, count: max(1, readSize))
        while true {
            let n = chunk.withUnsafeMutableBytes { Glibc.recv(fd, $0.baseAddress, $0.count, 0) }
            if n > 0 {
                buffer.append(contentsOf: chunk[0..<n])
                return true
            }
            if n == 0 { return false }
            if errno == EINTR { continue }
            if errno == EAGAIN || errno == EWOULDBLOCK { throw Failure(description: "read timed out") }
            throw Failure(description: "recv: errno \(errno)")
        }
    }

    /// Reads one response; nil when the server closed the connection cleanly before one began.
    public func readResponse(headRequest: Bool = false) throws -> Response? {
        while true {
            if let end = headEnd() {
                let head = String(decoding: buffer[0..<end], as: UTF8.self)
                var lines = head.components(separatedBy: "\r\n")
                let statusLine = lines.removeFirst()
                let parts = statusLine.split(separator: " ", maxSplits: 2)
                guard parts.count >= 2, let status = Int(parts[1]) else {
                    throw Failure(description: "bad status line: \(statusLine)")
                }
                let headers = lines.compactMap { line -> (String, String)? in
                    guard let colon = line.firstIndex(of: ":") else { return nil }
                    return (String(line[..<colon]), line[line.index(after: colon)...].trimmingCharacters(in: .whitespaces))
                }
                buffer.removeFirst(end + 4)
                var response = Response(status: status, headers: headers, body: [])
                let length = response.header("Content-Length").flatMap { Int($0) } ?? 0
                let hasBody = !headRequest && status >= 200 && status != 204 && status != 304
                if hasBody && response.header("Transfer-Encoding")?.lowercased() == "chunked" {
                    response.body = try readChunkedBody()
                } else if hasBody {
                    while buffer.count < length {
                        guard try fill() else { throw Failure(description: "EOF inside body") }
                    }
                    response.body = Array(buffer[0..<length])
                    buffer.removeFirst(length)
                }
                return response
            }
            guard try fill() else {
                if buffer.isEmpty { return nil }
                throw Failure(description: "EOF inside head: \(String(decoding: buffer, as: UTF8.self))")
            }
        }
    }

    /// A chunked body to its zero-length chunk; throws when the connection ends first (a body
    /// cut short) or a size line is not hexadecimal.
    private func readChunkedBody() throws -> [UInt8] {
        var body: [UInt8] = []
        while true {
            let line = try readLine()
            guard let size = Int(line.split(separator: ";").first.map(String.init) ?? "", radix: 16), size >= 0 else {
                throw Failure(description: "bad chunk size line: \(line)")
            }
            if size == 0 {
                guard try readLine().isEmpty else { throw Failure(description: "trailers after the last chunk") }
                return body
            }
            while buffer.count < size + 2 {
                guard try fill() else { throw Failure(description: "EOF inside chunked body") }
            }
            body += buffer[0..<size]
            guard buffer[size] == 13, buffer[size + 1] == 10 else { throw Failure(description: "chunk not followed by CRLF") }
            buffer.removeFirst(size + 2)
        }
    }

    private func readLine() throws -> String {
        while true {
            if let end = buffer.indices.dropLast().first(where: { buffer[$0] == 13 && buffer[$0 + 1] == 10 }) {
                let line = String(decoding: buffer[0..<end], as: UTF8.self)
                buffer.removeFirst(end + 2)
                return line
            }
            guard try fill() else { throw Failure(description: "EOF inside chunked body") }
        }
    }

    /// Reads a response and requires one.
    public func expectResponse(headRequest: Bool = false) throws -> Response {
        guard let response = try readResponse(headRequest: headRequest) else {
            throw Failure(description: "connection closed without a response")
        }
        return response
    }

    /// True when the server has closed (EOF with no further bytes) within the receive timeout.
    public func isClosedByServer() -> Bool {
        do {
            while try fill() {}
            return true
        } catch {
            return false
        }
    }

    /// Everything until EOF (or the timeout).
    public func readToEnd() -> [UInt8] {
        while (try? fill()) == true {}
        defer { buffer.removeAll() }
        return buffer
    }

    public func shutdownWrite() { shutdown(fd, Int32(SHUT_WR)) }

    /// Closes with RST instead of FIN.
    public func reset() {
        var option = linger(l_onoff: 1, l_linger: 0)
        setsockopt(fd, SOL_SOCKET, SO_LINGER, &option, socklen_t(MemoryLayout<linger>.size))
        Glibc.close(fd)
        fd = -1
    }

    private func headEnd() -> Int? {
        guard buffer.count >= 4 else { return nil }
        for i in 0...(buffer.count - 4)
        where buffer[i] == 13 && buffer[i + 1] == 10 && buffer[i + 2] == 13 && buffer[i + 3] == 10 {
            return i
        }
        return nil
    }
}
