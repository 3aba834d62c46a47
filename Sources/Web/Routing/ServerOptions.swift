import HTTPServer

/// The answer to `OPTIONS *`: a description of the server as a whole (RFC 9110 §9.3.7), not of
/// a resource — every method it implements.
enum ServerOptions {
    static let response = HTTPResponse(
        status: .noContent, headers: ["Allow": HTTPMethod.implemented.map(\.rawValue).joined(separator: ", ")])
}
