import HTTPServer

/// `GET /health`: the process is up and serving; touches nothing else.
public enum HealthResponder {
    /// Encoded once: this endpoint is what load balancers hammer.
    static let body = Array(#"{"status":"ok"}"#.utf8)

    public static func respond() -> HTTPResponse {
        HTTPResponse(status: .ok, headers: ["Content-Type": "application/json"], body: body)
    }
}
