import HTTPServer

/// `GET /metrics`: Prometheus text exposition.
enum MetricsResponder {
    static func respond(dependencies: Dependencies) -> HTTPResponse {
        HTTPResponse(
            status: .ok, headers: ["Content-Type": "text/plain; version=0.0.4; charset=utf-8"],
            body: Array(dependencies.metrics.render().utf8))
    }
}
