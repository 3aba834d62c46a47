import Foundation
import Synchronization

/// Request counts by route template and status, latency histograms, the expired records
/// purged, and the gauges the composition root plugs in (open connections, database time).
public final class MetricsRegistry: Sendable {
    /// Upper bounds of the latency histogram, in seconds.
    public static let buckets: [Double] = [0.0005, 0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5]

    /// Where gauges read from; set once the server and database exist.
    public struct Sources: Sendable {
        public var openConnections: @Sendable () -> Int
        public var database: @Sendable () -> (queries: Int, seconds: Double)
        /// The SQLite store's series; nil on PostgreSQL.
        public var sqlite: @Sendable () -> SQLiteMetrics?
        /// The PostgreSQL store's series; nil on SQLite.
        public var postgres: @Sendable () -> PostgresMetrics?

        public init(
            openConnections: @escaping @Sendable () -> Int = { 0 }, database: @escaping @Sendable () -> (queries: Int, seconds: Double) = { (0, 0) },
            sqlite: @escaping @Sendable () -> SQLiteMetrics? = { nil }, postgres: @escaping @Sendable () -> PostgresMetrics? = { nil }
        ) {
            self.openConnections = openConnections
            self.database = database
            self.sqlite = sqlite
            self.postgres = postgres
        }
    }

    private struct Key: Hashable {
        let method: String
        let route: String
        let status: Int
    }

    private struct Histogram {
        var counts = [Int](repeating: 0, count: MetricsRegistry.buckets.count)
        var total = 0
        var sum = 0.0
    }

    private struct State {
        var requests: [Key: Int] = [:]
        var durations: [String: Histogram] = [:]
        var refusals: [Int: Int] = [:]
        var purged: [ExpiredRecordPurge.Kind: Int] = [:]
        var sources = Sources()
    }

    private let state = Mutex(State())
    /// The release, exported as `viperd_build_info{version=…}`.
    public let version: String

    public init(version: String = "unknown") {
        self.version = version
    }

    public func setSources(_ sources: Sources) {
        state.withLock { $0.sources = sources }
    }

    /// One finished request; `route` is a template (`/v1/contacts/{id}`), never a raw path.
    public func record(method: String, route: String, status: Int, seconds: Double) {
        state.withLock { state in
            state.requests[Key(method: method, route: route, status: status), default: 0] += 1
            var histogram = state.durations[route] ?? Histogram()
            if let index = Self.buckets.firstIndex(where: { seconds <= $0 }) { histogram.counts[index] += 1 }
            histogram.total += 1
            histogram.sum += seconds
            state.durations[route] = histogram
        }
    }

    /// A response the HTTP server wrote itself, before any routing (400, 408, 413, 414, 431, …).
    public func recordRefusal(status: Int) {
        state.withLock { $0.refusals[status, default: 0] += 1 }
    }

    /// Records deleted by one pass of the expired-record purge.
    public func recordPurge(_ kind: ExpiredRecordPurge.Kind, count: Int) {
        state.withLock { $0.purged[kind, default: 0] += count }
    }

    /// The Prometheus text format (version 0.0.4).
    public func render() -> String {
        let (requests, durations, refusals, purged, sources) = state.withLock { ($0.requests, $0.durations, $0.refusals, $0.purged, $0.sources) }
        var lines: [String] = []
        lines.append("# HELP viperd_http_requests_total HTTP requests by method, route template and status.")
        lines.append("# TYPE viperd_http_requests_total counter")
        for (key, count) in requests.sorted(by: { ($0.key.route, $0.key.method, $0.key.status) < ($1.key.route, $1.key.method, $1.key.status) }) {
            lines.append("viperd_http_requests_total{method=\"\(key.method)\",route=\"\(key.route)\",status=\"\(key.status)\"} \(count)")
        }
        lines.append("# HELP viperd_http_request_duration_seconds Time from routing to response, by route template.")
        lines.append("# TYPE viperd_http_request_duration_seconds histogram")
        for (route, histogram) in durations.sorted(by: { $0.key < $1.key }) {
            var cumulative = 0
            for (index, bound) in Self.buckets.enumerated() {
                cumulative += histogram.counts[index]
                lines.append("viperd_http_request_duration_seconds_bucket{route=\"\(route)\",le=\"\(bound)\"} \(cumulative)")
            }
            lines.append("viperd_http_request_duration_seconds_bucket{route=\"\(route)\",le=\"+Inf\"} \(histogram.total)")
            lines.append("viperd_http_request_duration_seconds_sum{route=\"\(route)\"} \(histogram.sum)")
            lines.append("viperd_http_request_duration_seconds_count{route=\"\(route)\"} \(histogram.total)")
        }
        lines.append("# HELP viperd_open_connections Open client connections.")
        lines.append("# TYPE viperd_open_connections gauge")
        lines.append("viperd_open_connections \(sources.openConnections())")
        let database = sources.database()
        lines.append("# HELP viperd_database_queries_total Database calls (reads and write transactions).")
        lines.append("# TYPE viperd_database_queries_total counter")
        lines.append("viperd_database_queries_total \(database.queries)")
        lines.append("# HELP viperd_database_seconds_total Wall time spent in database calls.")
        lines.append("# TYPE viperd_database_seconds_total counter")
        lines.append("viperd_database_seconds_total \(database.seconds)")
        if let sqlite = sources.sqlite() { lines += sqlite.lines }
        if let postgres = sources.postgres() { lines += postgres.lines }
        lines.append("# HELP viperd_http_refusals_total Responses the HTTP layer wrote itself, before routing, by status.")
        lines.append("# TYPE viperd_http_refusals_total counter")
        for (status, count) in refusals.sorted(by: { $0.key < $1.key }) {
            lines.append("viperd_http_refusals_total{status=\"\(status)\"} \(count)")
        }
        // Every kind from the start, at 0: a scraper sees the series before the first purge.
        lines.append("# HELP viperd_purged_total Expired records deleted by the periodic purge, by kind.")
        lines.append("# TYPE viperd_purged_total counter")
        for kind in ExpiredRecordPurge.Kind.allCases.sorted(by: { $0.rawValue < $1.rawValue }) {
            lines.append("viperd_purged_total{kind=\"\(kind.rawValue)\"} \(purged[kind] ?? 0)")
        }
        lines.append("# HELP viperd_build_info The running release; always 1.")
        lines.append("# TYPE viperd_build_info gauge")
        lines.append("viperd_build_info{version=\"\(Self.escapedLabel(version))\"} 1")
        lines += ProcessMetrics.current().lines
        return lines.joined(separator: "\n") + "\n"
    }

    /// A Prometheus label value: backslash, double quote and newline escaped.
    static func escapedLabel(_ value: String) -> String {
        value.replacingOccurrences(of: "\\", with: "\\\\").replacingOccurrences(of: "\"", with: "\\\"")
            .replacingOccurrences(of: "\n", with: "\\n")
    }
}
