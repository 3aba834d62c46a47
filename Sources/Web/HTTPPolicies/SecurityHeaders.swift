import HTTPServer

/// The fields that keep an answer from being misread or kept where it must not be, for every
/// routed answer and every refusal of the server's own.
enum SecurityHeaders {
    static let noSniff = (name: "X-Content-Type-Options", value: "nosniff")

    /// `X-Content-Type-Options: nosniff` on every answer, so that a browser never runs a JSON
    /// body or a problem document as a script or a style sheet; and `Cache-Control: no-store` on
    /// every answer to a request that carries credentials (RFC 9111 §5.2.2.5), so that no browser
    /// or shared cache keeps one user's data for whoever asks next.
    static func apply(to response: inout HTTPResponse, for request: HTTPRequest) {
        response.headers.add(name: noSniff.name, value: noSniff.value)
        if request.headers.contains("Authorization") {
            // Most answers have no Cache-Control of their own: an append, not a rewrite.
            if response.headers.contains("Cache-Control") {
                response.headers.replaceOrAdd(name: "Cache-Control", value: "no-store")
            } else {
                response.headers.add(name: "Cache-Control", value: "no-store")
            }
        }
    }

    /// `X-Content-Type-Options: nosniff`, unless the answer says it already.
    static func addNoSniff(to response: inout HTTPResponse) {
        if !response.headers.contains(noSniff.name) { response.headers.add(name: noSniff.name, value: noSniff.value) }
    }
}
