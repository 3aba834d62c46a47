import HTTPServer

/// `If-None-Match` on reads: a 200 to a GET or HEAD that carries an `ETag` the client already
/// holds becomes 304 Not Modified with no body (RFC 9110 §13.1.2, §15.4.5).
///
/// Decided after the scene answered, so every resource with an `ETag` gets it without its
/// responder knowing. Other methods ignore the header: preconditions on writes would have to be
/// checked before acting, and `If-Match` is what writes here honour.
enum ConditionalGet {
    /// Representation metadata a 304 keeps; every other `Content-*` field describes a body it
    /// does not have.
    private static let keptContentFields = ["Content-Location"]

    static func apply(to response: inout HTTPResponse, for request: HTTPRequest) {
        guard request.method == .get || request.method == .head, response.status.code == 200,
            let etag = response.headers["ETag"],
            let condition = EntityTagCondition.ifNoneMatch(request.headers.values(for: "If-None-Match")),
            condition.matches(etag)
        else { return }
        var headers = HTTPHeaders()
        for field in response.headers {
            let isContentField = field.name.lowercased().hasPrefix("content-")
            if isContentField && !keptContentFields.contains(where: { HTTPHeaders.namesEqual($0, field.name) }) { continue }
            headers.add(name: field.name, value: field.value)
        }
        response = HTTPResponse(status: .notModified, headers: headers)
    }
}
