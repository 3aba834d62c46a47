import HTTPServer

/// `GET /` and `GET /app/…`: the web client of `Clients/Web/`, from the files compiled in.
///
/// Outside the route table and the OpenAPI document on purpose: these are static files for a
/// browser, not the API's contract. `--web-app off` leaves both paths to the router's 404.
public enum WebAppResponder {
    /// What every file is sent with. The policy allows this origin only and no inline script or
    /// style, so an injected `<script>` or `on…=` attribute does not run; the API it calls is
    /// the same origin, or another one through `connect-src` when hosted elsewhere.
    static let securityHeaders: HTTPHeaders = [
        "Content-Security-Policy":
            "default-src 'self'; script-src 'self'; style-src 'self'; img-src 'self' data:; connect-src 'self'; "
            + "frame-ancestors 'none'; base-uri 'none'; form-action 'self'; object-src 'none'",
        "Referrer-Policy": "no-referrer",
        // Revalidated on every load (cheap: a 304), so a new binary's client shows at once.
        "Cache-Control": "no-cache",
    ]

    /// Whether this request is the web client's to answer.
    static func handles(_ path: String) -> Bool {
        path == "/" || path == "/app" || path.hasPrefix(WebAppPath.prefix)
    }

    /// The answer to a path `handles` accepted.
    static func respond(to request: HTTPRequest, context: RequestContext) -> HTTPResponse {
        guard request.method == .get || request.method == .head else {
            return RootProblems.methodNotAllowed(request, allow: [.get, .head], context: context)
        }
        if request.path == "/" || request.path == "/app" {
            return HTTPResponse(status: HTTPStatus(code: 302), headers: ["Location": WebAppPath.prefix, "Cache-Control": "no-cache"])
        }
        guard let relative = WebAppPath.relative(request.path),
            let file = WebAppFile.all[relative.isEmpty ? "index.html" : relative]
        else { return RootProblems.notFound(request, context: context) }
        var headers = securityHeaders
        headers.add(name: "Content-Type", value: file.contentType)
        headers.add(name: "ETag", value: file.etag)
        return HTTPResponse(status: .ok, headers: headers, body: file.bytes)
    }
}
