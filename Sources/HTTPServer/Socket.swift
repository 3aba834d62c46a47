import Foundation

#if canImport(Glibc)
import Glibc
#endif

/// Thin wrappers over the socket calls the server makes; each retries EINTR.
enum Socket {
    /// A bound, listening, non-blocking socket and the port it got.
    static func listen(host: String, port: Int, backlog: Int32) throws -> (fd: Int32, port: Int) {
        var hints = addrinfo()
        hints.ai_family = AF_UNSPEC
        hints.ai_socktype = Int32(SOCK_STREAM.rawValue)
        hints.ai_flags = AI_PASSIVE | AI_NUMERICSERV
        var result: UnsafeMutablePointer<addrinfo>?
        let status = getaddrinfo(host, String(port), &hints, &result)
        guard status == 0, let first = result else {
            throw HTTPServerError.cannotBind("cannot resolve \(host): \(String(cString: gai_strerror(status)))")
        }
        defer { freeaddrinfo(result) }

        var lastError = "no address"
        var info: UnsafeMutablePointer<addrinfo>? = first
        while let candidate = info {
            info = candidate.pointee.ai_next
            let fd = socket(candidate.pointee.ai_family, candidate.pointee.ai_socktype | Int32(SOCK_NONBLOCK.rawValue | SOCK_CLOEXEC.rawValue), candidate.pointee.ai_protocol)
            if fd < 0 { lastError = errnoDescription(); continue }
            var one: Int32 = 1
            setsockopt(fd, SOL_SOCKET, SO_REUSEADDR, &one, socklen_t(MemoryLayout<Int32>.size))
            if Glibc.bind(fd, candidate.pointee.ai_addr, candidate.pointee.ai_addrlen) != 0 || Glibc.listen(fd, backlog) != 0 {
                lastError = errnoDescription()
                Glibc.close(fd)
                continue
            }
            return (fd, boundPort(fd))
        }
        throw HTTPServerError.cannotBind("cannot listen on \(host):\(port): \(lastError)")
    }

    static func boundPort(_ fd: Int32) -> Int {
        var storage = sockaddr_storage()
        var length = socklen_t(MemoryLayout<sockaddr_storage>.size)
        let ok = withUnsafeMutablePointer(to: &storage) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { getsockname(fd, $0, &length) == 0 }
        }
        guard ok else { return 0 }
        return port(of: storage)
    }

    static func port(of storage: sockaddr_storage) -> Int {
        var storage = storage
        switch Int32(storage.ss_family) {
        case AF_INET:
            return withUnsafePointer(to: &storage) {
                $0.withMemoryRebound(to: sockaddr_in.self, capacity: 1) { Int(UInt16(bigEndian: $0.pointee.sin_port)) }
            }
        case AF_INET6:
            return withUnsafePointer(to: &storage) {
                $0.withMemoryRebound(to: sockaddr_in6.self, capacity: 1) { Int(UInt16(bigEndian: $0.pointee.sin6_port)) }
            }
        default:
            return 0
        }
    }

    /// The numeric host of a peer address (`127.0.0.1`, `::1`).
    static func host(of storage: sockaddr_storage, length: socklen_t) -> String {
        var storage = storage
        var name = [CChar](repeating: 0, count: Int(NI_MAXHOST))
        let status = withUnsafePointer(to: &storage) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) {
                getnameinfo($0, length, &name, socklen_t(name.count), nil, 0, NI_NUMERICHOST)
            }
        }
        guard status == 0 else { return "" }
        return string(fromCString: name)
    }

    enum AcceptResult {
        case accepted(fd: Int32, remote: String)
        case wouldBlock
        case outOfDescriptors
        case failed(Int32)
    }

    /// Accepts one connection, non-blocking, with `TCP_NODELAY`, and with at most
    /// `kernelUnsentBytes` unsent in its kernel queue (`TCP_NOTSENT_LOWAT`; 0: the kernel's bound).
    static func accept(_ listener: Int32, kernelUnsentBytes: Int) -> AcceptResult {
        while true {
            var storage = sockaddr_storage()
            var length = socklen_t(MemoryLayout<sockaddr_storage>.size)
            let fd = withUnsafeMutablePointer(to: &storage) {
                $0.withMemoryRebound(to: sockaddr.self, capacity: 1) {
                    Glibc.accept(listener, $0, &length)
                }
            }
            if fd >= 0 {
                // accept4 is hidden behind _GNU_SOURCE in Glibc's module map; two fcntls do the same.
                _ = fcntl(fd, F_SETFL, fcntl(fd, F_GETFL) | O_NONBLOCK)
                _ = fcntl(fd, F_SETFD, FD_CLOEXEC)
                var one: Int32 = 1
                setsockopt(fd, Int32(IPPROTO_TCP), TCP_NODELAY, &one, socklen_t(MemoryLayout<Int32>.size))
                if kernelUnsentBytes > 0 {
                    var lowWater = Int32(clamping: kernelUnsentBytes)
                    setsockopt(fd, Int32(IPPROTO_TCP), TCP_NOTSENT_LOWAT, &lowWater, socklen_t(MemoryLayout<Int32>.size))
                }
                return .accepted(fd: fd, remote: host(of: storage, length: length))
            }
            switch errno {
            case EINTR, ECONNABORTED: continue
            case EAGAIN, EWOULDBLOCK: return .wouldBlock
            case EMFILE, ENFILE, ENOBUFS, ENOMEM: return .outOfDescriptors
            default: return .failed(errno)
            }
        }
    }

    enum IOResult: Equatable {
        case bytes(Int)
        case wouldBlock
        case endOfFile
        case failed(Int32)
    }

    static func read(_ fd: Int32, into buffer: UnsafeMutableRawBufferPointer) -> IOResult {
        while true {
            let n = Glibc.read(fd, buffer.baseAddress, buffer.count)
            if n > 0 { return .bytes(n) }
            if n == 0 { return .endOfFile }
            switch errno {
            case EINTR: continue
            case EAGAIN, EWOULDBLOCK: return .wouldBlock
            default: return .failed(errno)
            }
        }
    }

    static func send(_ fd: Int32, _ buffer: UnsafeRawBufferPointer) -> IOResult {
        while true {
            let n = Glibc.send(fd, buffer.baseAddress, buffer.count, Int32(MSG_NOSIGNAL))
            if n >= 0 { return .bytes(n) }
            switch errno {
            case EINTR: continue
            case EAGAIN, EWOULDBLOCK: return .wouldBlock
            default: return .failed(errno)
            }
        }
    }

    static func errnoDescription() -> String { describe(errno: errno) }

    static func describe(errno code: Int32) -> String {
        guard let message = strerror(code) else { return "errno \(code)" }
        return String(cString: message)
    }

    static func string(fromCString chars: [CChar]) -> String {
        let bytes = chars.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }
        return String(decoding: bytes, as: UTF8.self)
    }
}
