/// Turns an `HTTPResponse` into wire bytes; the server owns every framing header.
enum ResponseSerializer {
    /// Fields the server writes itself; handler-set values are dropped.
    private static let serverOwned = [
        "content-length", "transfer-encoding", "connection", "date", "server", "x-request-id", "keep-alive",
    ]

    static let continueBytes: [UInt8] = Array("HTTP/1.1 100 Continue\r\n\r\n".utf8)

    /// - Parameters:
    ///   - includeBody: false for HEAD, which gets the GET's headers but no content.
    ///   - connectionHeader: `close`, `keep-alive` (HTTP/1.0 keep-alive) or nil.
    ///   - chunked: the head of a streamed body sent in chunks (`Transfer-Encoding: chunked`).
    ///     A streamed body otherwise gets no length: an HTTP/1.0 client reads it to the close,
    ///     and a HEAD's length is not known without producing the body.
    static func serialize(
        _ response: HTTPResponse, into out: inout [UInt8], includeBody: Bool, date: [UInt8],
        requestID: String, connectionHeader: String?, chunked: Bool = false
    ) {
        out.reserveCapacity(out.count + 192 + response.body.count)
        append("HTTP/1.1 ", to: &out)
        append(String(response.status.code), to: &out)
        out.append(ASCII.space)
        append(sanitizedReason(response.status.reasonPhrase), to: &out)
        out.append(ASCII.cr)
        out.append(ASCII.lf)
        for field in response.headers where isValid(field) {
            if serverOwned.contains(where: { HTTPHeaders.namesEqual($0, field.name) }) { continue }
            append(field.name, to: &out)
            out.append(ASCII.colon)
            out.append(ASCII.space)
            append(field.value, to: &out)
            out.append(ASCII.cr)
            out.append(ASCII.lf)
        }
        if chunked {
            append("Transfer-Encoding: chunked\r\n", to: &out)
        } else if !response.status.forbidsBody && response.stream == nil {
            append("Content-Length: ", to: &out)
            append(String(response.body.count), to: &out)
            out.append(ASCII.cr)
            out.append(ASCII.lf)
        }
        append("Date: ", to: &out)
        out.append(contentsOf: date)
        append("\r\nServer: viperd\r\nX-Request-ID: ", to: &out)
        append(requestID, to: &out)
        if let connectionHeader {
            append("\r\nConnection: ", to: &out)
            append(connectionHeader, to: &out)
        }
        append("\r\n\r\n", to: &out)
        if includeBody && !response.status.forbidsBody {
            out.append(contentsOf: response.body)
        }
    }

    /// One piece of a streamed body: as a chunk (size line, bytes, CRLF), or raw for a body the
    /// close delimits. `last` adds the zero-length chunk that ends a chunked body. An empty
    /// piece writes no chunk, which would end the body early.
    static func appendBodyPiece(_ bytes: [UInt8], to out: inout [UInt8], chunked: Bool, last: Bool) {
        guard chunked else {
            out.append(contentsOf: bytes)
            return
        }
        if !bytes.isEmpty {
            append(String(bytes.count, radix: 16), to: &out)
            out.append(ASCII.cr)
            out.append(ASCII.lf)
            out.append(contentsOf: bytes)
            out.append(ASCII.cr)
            out.append(ASCII.lf)
        }
        if last { append("0\r\n\r\n", to: &out) }
    }

    @inline(__always) private static func append(_ string: String, to out: inout [UInt8]) {
        out.append(contentsOf: string.utf8)
    }

    /// A field that would split the response (CR, LF, NUL) or is not a token is never written.
    private static func isValid(_ field: HTTPHeaders.Field) -> Bool {
        guard !field.name.isEmpty, field.name.utf8.allSatisfy(ASCII.isToken) else { return false }
        return field.value.utf8.allSatisfy(ASCII.isFieldValue)
    }

    private static func sanitizedReason(_ reason: String) -> String {
        reason.utf8.allSatisfy(ASCII.isFieldValue) ? reason : "Status"
    }
}
