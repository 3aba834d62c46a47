import HTTPServer

/// `GET /metrics`: Prometheus text exposition.
enum MetricsResponder {
    static func respond(metrics: MetricsRegistry) -> HTTPResponse {
        HTTPResponse(
            status: .ok, headers: ["Content-Type": "text/plain; version=0.0.4; charset=utf-8", "Cache-Control": "no-store"],
            body: Array(metrics.render().utf8))
    }
}
