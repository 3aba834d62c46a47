#if canImport(Glibc)
import Glibc
#endif

/// A port of 127.0.0.1 where a connect neither succeeds nor fails: a listener with a backlog of
/// zero that never accepts, its queue filled by two connections of its own, so the kernel drops
/// every further SYN and the connecting side waits.
final class SilentPort {
    /// The silent port.
    let port: Int
    private var descriptors: [Int32] = []

    init() throws {
        let listener = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        descriptors.append(listener)
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_addr.s_addr = inet_addr("127.0.0.1")
        var length = socklen_t(MemoryLayout<sockaddr_in>.size)
        let bound = withUnsafeMutablePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) {
                bind(listener, $0, length) == 0 && listen(listener, 0) == 0 && getsockname(listener, $0, &length) == 0
            }
        }
        guard listener >= 0, bound else { throw SMTPSinkError("cannot listen on 127.0.0.1") }
        port = Int(UInt16(bigEndian: address.sin_port))
        for _ in 0..<2 {
            let filler = socket(AF_INET, Int32(SOCK_STREAM.rawValue | SOCK_NONBLOCK.rawValue), 0)
            descriptors.append(filler)
            _ = withUnsafePointer(to: &address) {
                $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { connect(filler, $0, length) }
            }
        }
        usleep(100_000)
    }

    deinit {
        for descriptor in descriptors { close(descriptor) }
    }
}
