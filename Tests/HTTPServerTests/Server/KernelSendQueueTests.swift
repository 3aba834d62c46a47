import Foundation
import Glibc
@testable import HTTPServer
import Testing

/// What a client that never reads can make the kernel hold for it: an accepted connection queues
/// at most `kernelUnsentBytes` unsent (`TCP_NOTSENT_LOWAT`), not the autotuned send buffer.
@Suite("HTTP server: the kernel's send queue per connection")
struct KernelSendQueueTests {
    /// A listener, a client whose tiny receive buffer is never read, and the server's side of
    /// their connection, accepted as the server accepts; `body` gets the server side.
    func withStalledConnection(kernelUnsentBytes: Int, _ body: (Int32) throws -> Void) throws {
        let (listener, port) = try Socket.listen(host: "127.0.0.1", port: 0, backlog: 8)
        defer { close(listener) }
        let client = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        defer { close(client) }
        var receiveBuffer: Int32 = 1024
        setsockopt(client, SOL_SOCKET, SO_RCVBUF, &receiveBuffer, socklen_t(MemoryLayout<Int32>.size))
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_port = UInt16(port).bigEndian
        address.sin_addr.s_addr = inet_addr("127.0.0.1")
        let connected = withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { connect(client, $0, socklen_t(MemoryLayout<sockaddr_in>.size)) }
        }
        try #require(connected == 0)
        var accepted: Socket.AcceptResult = .wouldBlock
        for _ in 0..<200 {
            accepted = Socket.accept(listener, kernelUnsentBytes: kernelUnsentBytes)
            if case .accepted = accepted { break }
            usleep(5_000)
        }
        guard case .accepted(let server, _) = accepted else {
            Issue.record("nothing accepted: \(accepted)")
            return
        }
        defer { close(server) }
        try body(server)
    }

    /// Writes to the non-blocking `fd` until the kernel takes no more (a few tries, so its
    /// window and buffer autotuning have settled), then returns what sits unsent in its queue.
    func fillUntilBlocked(_ fd: Int32) -> Int {
        let chunk = [UInt8](repeating: 0x61, count: 64 * 1024)
        var written = 0
        for _ in 0..<5 {
            while written < 64 << 20 {
                let n = chunk.withUnsafeBytes { write(fd, $0.baseAddress, $0.count) }
                guard n > 0 else { break }
                written += n
            }
            usleep(20_000)
        }
        var queued: Int32 = 0
        // SIOCOUTQ (= TIOCOUTQ): bytes in the send queue not yet acknowledged.
        _ = ioctl(fd, UInt(TIOCOUTQ), &queued)
        return Int(queued)
    }

    @Test("a connection that is not read queues about kernelUnsentBytes in the kernel, a fraction of what the kernel takes unbounded")
    func unsentQueueIsBounded() throws {
        let bound = 32 * 1024
        var bounded = 0
        var unbounded = 0
        try withStalledConnection(kernelUnsentBytes: bound) { server in
            var value: Int32 = 0
            var length = socklen_t(MemoryLayout<Int32>.size)
            getsockopt(server, Int32(IPPROTO_TCP), TCP_NOTSENT_LOWAT, &value, &length)
            #expect(value == Int32(bound))
            bounded = fillUntilBlocked(server)
        }
        try withStalledConnection(kernelUnsentBytes: 0) { server in unbounded = fillUntilBlocked(server) }
        // The bound, plus what is in flight to the tiny window and one segment past the mark.
        #expect(bounded > 0)
        #expect(bounded <= 3 * bound, "queued \(bounded) with a bound of \(bound)")
        #expect(unbounded > 4 * bounded, "queued \(unbounded) unbounded against \(bounded) bounded")
    }

    @Test("the default bounds the kernel's unsent bytes per connection to 128 KiB")
    func defaultBound() {
        #expect(HTTPServerConfiguration().kernelUnsentBytes == 128 * 1024)
    }
}
