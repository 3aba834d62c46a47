import HTTPServer

/// Answers the metrics listener (`viperd serve --metrics-address`, loopback by default), apart
/// from the API's port: `GET` or `HEAD /metrics` is the Prometheus text, anything else a plain
/// 404 or 405. The series name routes, counts logins and shows the version, which is for the
/// operator's scraper, not for whoever can reach the API (or the reverse proxy in front of it).
public struct MetricsRouter: Sendable {
    /// The path the series are served at.
    public static let path = "/metrics"

    private let metrics: MetricsRegistry

    /// Serves `metrics`.
    public init(metrics: MetricsRegistry) {
        self.metrics = metrics
    }

    /// The answer to one request on the metrics listener.
    public func respond(to request: HTTPRequest) -> HTTPResponse {
        var response: HTTPResponse
        if request.path != Self.path {
            response = Self.plain(.notFound, "not found: only \(Self.path) is served here\n")
        } else if request.method == .get || request.method == .head {
            response = MetricsResponder.respond(metrics: metrics)
        } else {
            response = Self.plain(.methodNotAllowed, "method not allowed\n")
            response.headers.add(name: "Allow", value: "GET, HEAD")
        }
        SecurityHeaders.addNoSniff(to: &response)
        return response
    }

    private static func plain(_ status: HTTPStatus, _ text: String) -> HTTPResponse {
        HTTPResponse(status: status, headers: ["Content-Type": "text/plain; charset=utf-8"], body: Array(text.utf8))
    }
}
