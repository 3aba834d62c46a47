import Foundation

/// Every limit, timeout and size the server enforces, with the defaults of the `viperd serve` CLI.
public struct HTTPServerConfiguration: Sendable {
    /// Host name or address to bind (`127.0.0.1`, `::1`, `0.0.0.0`, `::`).
    public var host: String = "127.0.0.1"
    /// TCP port; 0 asks the kernel for an ephemeral one (read it back from `HTTPServer.localPort`).
    public var port: Int = 8080
    /// Threads that run the handlers of safe requests (GET, HEAD, OPTIONS); never one per connection.
    public var workerCount: Int = 2 * HTTPServerConfiguration.coreCount
    /// Threads that run the handlers of every other method. A write spends most of its time waiting
    /// for its commit to be durable: more of them let more writes share one commit (group commit),
    /// and reads never queue behind them. 32: against 64, creates 5 % slower and the 90/10 mix 2 %
    /// faster in one side-by-side run (PERFORMANCE.md), and each thread's touched stack (~50 KiB,
    /// SQLite's frames) and malloc state 1–2 MiB less at the peak.
    public var writeWorkerCount: Int = 32
    /// Paths whose safe requests (GET, HEAD) are answered on the event loop itself, not by a worker:
    /// only for handlers that never block, such as a liveness probe, which then skips two thread
    /// hand-offs and answers even while every worker is busy.
    public var loopPaths: Set<String> = []
    /// Threads that own the sockets (I/O, parsing, serialization).
    public var eventLoopCount: Int = HTTPServerConfiguration.coreCount
    /// `listen(2)` backlog.
    public var backlog: Int32 = 1024

    /// Whole header section, from its first byte (slowloris guard): 408 then close.
    public var headerTimeout: Duration = .seconds(10)
    /// Longest pause between two reads of a body: 408 then close. Also the grace a body and a
    /// blocked response get before `minTransferRate` counts.
    public var bodyTimeout: Duration = .seconds(10)
    /// Bytes per second a body must arrive at and a response must be read at, on average, after
    /// their grace (`bodyTimeout`, `writeTimeout`); 0 turns the rule off. A body must be whole by
    /// `bodyTimeout + length / minTransferRate` after its header section (the largest allowed
    /// length for a chunked one), and a response that blocks with `n` bytes unsent must be read by
    /// `writeTimeout + n / minTransferRate`: fixed deadlines that bytes trickled one at a time
    /// cannot push back, unlike a timeout per read.
    public var minTransferRate: Int = 16 * 1024
    /// How long a keep-alive connection may sit idle between requests: silent close.
    public var idleTimeout: Duration = .seconds(5)
    /// Longest time a client may leave written bytes unread before the connection is dropped.
    public var writeTimeout: Duration = .seconds(30)
    /// Longest a handler may take; past it the client gets 503 and the connection closes.
    public var handlerTimeout: Duration = .seconds(30)
    /// Longest a streamed body (`HTTPBodyProducer`) may take, from its head to its last byte;
    /// past it the connection is dropped and the body ends truncated. Its producer may hold
    /// storage that long (the banking report's read transaction, which keeps SQLite's checkpoints
    /// from completing), however slowly the client reads.
    public var streamTimeout: Duration = .seconds(60)
    /// Graceful shutdown: how long in-flight requests get before connections are cut.
    public var shutdownTimeout: Duration = .seconds(10)
    /// Lingering close: how long unread input is drained after our last response.
    public var lingerTimeout: Duration = .seconds(2)
    /// Lingering close: at most this many bytes are drained before the socket is closed.
    public var lingerMaxBytes: Int = 1 << 20

    /// Request line (414 past it).
    public var maxRequestLineBytes: Int = 8 * 1024
    /// One header field line (431 past it).
    public var maxHeaderLineBytes: Int = 8 * 1024
    /// The whole header section, request line excluded (431 past it).
    public var maxHeaderBytes: Int = 32 * 1024
    /// Header field lines (431 past it).
    public var maxHeaderCount: Int = 100
    /// Request body, decided from Content-Length before reading (413 past it).
    public var maxBodyBytes: Int = 1 << 20
    /// One chunk-size line of a chunked body, extensions included (400 past it).
    public var maxChunkLineBytes: Int = 4 * 1024
    /// Requests served on one connection before it is closed with `Connection: close`.
    public var maxRequestsPerConnection: Int = 1000
    /// Open connections; a connection past it is answered 503 at accept time and closed.
    public var maxConnections: Int = 1024
    /// Open connections from one client address (the socket peer, an IPv6 one by its network of
    /// `ipv6PrefixLength` bits); one past it is answered 503 at accept time and closed, so a few
    /// hosts cannot hold every slot (slowloris). Nil: an eighth of `maxConnections`
    /// (`defaultAddressShare`), so at least eight addresses are needed to fill the server. 0 turns
    /// the cap off. Peers `isExemptFromAddressCap` accepts (a trusted reverse proxy, which
    /// carries many clients) are not capped.
    public var maxConnectionsPerAddress: Int? = nil
    /// How many leading bits of an IPv6 peer's address make one client for every per-address
    /// count (the connection cap here, the application's login and registration limits): 64 by
    /// default, since a subscriber is routed a whole /64 and can use any address in it.
    public var ipv6PrefixLength: Int = 64
    /// Bytes all request bodies being read may hold together, beyond the first
    /// `unreservedBodyBytes` of each: a body larger than that reserves its length (the largest
    /// allowed for a chunked one) when its header section ends, and a reservation the budget
    /// cannot cover is refused 503 at once, so slow uploads cannot exhaust memory.
    public var maxBufferedBodyBytes: Int = 32 << 20
    /// Bodies up to this size need no reservation: every JSON body of the API fits, so uploads
    /// that fill the budget cannot refuse ordinary requests. Bounded by `maxConnections` in all.
    public var unreservedBodyBytes: Int = 16 * 1024
    /// Peers the per-address cap does not apply to; nil: none.
    public var isExemptFromAddressCap: (@Sendable (_ peer: String) -> Bool)? = nil
    /// Unsent response bytes all connections may hold together. Past it, a connection whose
    /// write blocks with more than `outputHighWaterBytes` unsent is dropped: when memory is short
    /// the clients that do not read go first, so readers that never read cannot pin a response
    /// each on every connection they hold.
    public var maxUnsentOutputBytes: Int = 32 << 20
    /// Unsent response bytes above which the connection stops reading (backpressure). 64 KiB:
    /// what a reader that does not read can make the server hold, beside one response, per
    /// connection (the kernel's socket buffer takes the rest of a pipelined burst).
    public var outputHighWaterBytes: Int = 64 * 1024
    /// Unsent bytes the kernel may queue on one connection (`TCP_NOTSENT_LOWAT`); 0 leaves the
    /// kernel's own bound. A client that does not read otherwise lets the kernel take up to its
    /// autotuned send buffer (about 1.6 MB each on loopback): copied into buffers it allocates
    /// on the event loop's thread, and held outside the server's memory budgets. Bytes in flight
    /// do not count, so a fast client's window still grows as it reads; only how far the
    /// server writes ahead of what the client takes is bounded.
    public var kernelUnsentBytes: Int = 128 * 1024
    /// RFC 9112 §3.2: an HTTP/1.1 request without exactly one Host is a 400.
    public var requireHost: Bool = true
    /// The client's address for a request from the socket peer `peer` (behind a trusted reverse
    /// proxy, taken from its headers); becomes `HTTPRequest.remoteAddress` and the access log's
    /// `remote`. Nil: the peer.
    public var clientAddress: (@Sendable (_ peer: String, _ headers: HTTPHeaders) -> String)? = nil
    /// Told the status of every response the server writes itself, without the handler (400,
    /// 408, 413, 414, 431, 501, 503 at capacity or past the handler deadline), e.g. for metrics.
    public var onRefusal: (@Sendable (_ status: Int) -> Void)? = nil

    /// The defaults listed on each property.
    public init() {}

    /// The share of `maxConnections` one address may hold when `maxConnectionsPerAddress` is nil.
    public static let defaultAddressShare = 8

    /// The per-address cap in force: `maxConnectionsPerAddress`, or an eighth of `maxConnections`
    /// (at least 1); 0 when the cap is off.
    public var effectiveMaxConnectionsPerAddress: Int {
        guard let cap = maxConnectionsPerAddress else { return max(1, maxConnections / Self.defaultAddressShare) }
        return max(0, cap)
    }

    /// Cores this process may run on: its CPU affinity mask (taskset, cgroup cpusets), which
    /// can be fewer than the machine has. Glibc hides `sched_getaffinity` from Swift, so the
    /// kernel's `Cpus_allowed` mask is read instead.
    public static let coreCount: Int = {
        if let status = try? String(contentsOfFile: "/proc/self/status", encoding: .utf8),
            let line = status.split(separator: "\n").first(where: { $0.hasPrefix("Cpus_allowed:") })
        {
            let mask = line.dropFirst("Cpus_allowed:".count).filter { $0 != "," && $0 != " " && $0 != "\t" }
            let count = mask.reduce(0) { total, digit in total + (Int(String(digit), radix: 16)?.nonzeroBitCount ?? 0) }
            if count > 0 { return min(count, ProcessInfo.processInfo.activeProcessorCount) }
        }
        return max(1, ProcessInfo.processInfo.activeProcessorCount)
    }()
}
